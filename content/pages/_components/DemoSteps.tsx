import type { ReactNode } from 'react';
import Link from '@docusaurus/Link';
import Translate, { translate } from '@docusaurus/Translate';
import { CodeBlock } from './CodeBlock';

// The three steps of the demo page. Commands match the install and try tutorials in the docs.

const dockerCheck = 'sudo docker run --rm hello-world';
const dockerOutput = `Hello from Docker!
This message shows that your installation appears to be working correctly.`;

const install = `mkdir -p ~/shifu-demo && cd ~/shifu-demo
curl -fsSL -o shifu-demo-install.sh \\
  https://raw.githubusercontent.com/Edgenesis/shifu/main/test/scripts/shifu-demo-install.sh
sudo sh shifu-demo-install.sh`;
const pods = 'sudo kubectl get pods -A';
const podsOutput = `NAMESPACE          NAME                                            READY   STATUS
devices            agv-5944b69b6d-x7kqp                            1/1     Running
deviceshifu        deviceshifu-agv-deployment-7c9d8f6b5d-l2r4t     1/1     Running
shifu-crd-system   shifu-crd-controller-manager-6d4f7b8c9d-9zkx2   1/1     Running`;

const client = `sudo kubectl run nginx --image=nginx:1.21
sudo kubectl wait --for=condition=Ready pod/nginx --timeout=120s`;
const call = 'sudo kubectl exec nginx -- curl -s http://deviceshifu-agv.deviceshifu/get_position';
const callOutput = 'xpos: 54, ypos: 142';

function Block(props: { run: ReactNode; children: ReactNode }) {
  return (
    <div className="mk-demo-block">
      <h3 className="mk-h3">{props.run}</h3>
      {props.children}
    </div>
  );
}

const runLabel = () => translate({ id: 'demo.runLabel', message: 'Command to run', description: 'Accessible name of a command block' });
const outputLabel = () => translate({ id: 'demo.outputLabel', message: 'Expected output', description: 'Accessible name of an output block' });

export function DockerStep() {
  return (
    <>
      <p className="mk-text"><Translate id="demo.step1.intro" description="Demo step 1 introduction">The demo cluster runs inside Docker containers, so Docker comes first. Install it for your system:</Translate></p>
      <ul className="mk-list">
        <li><Translate id="demo.step1.windows" description="Docker on Windows">Windows: Docker Desktop with the WSL 2 back end; run every command in your Ubuntu (WSL) terminal.</Translate></li>
        <li><Translate id="demo.step1.mac" description="Docker on macOS">macOS: Docker Desktop for Apple silicon or Intel.</Translate></li>
        <li><Translate id="demo.step1.linux" description="Docker on Linux">Linux: Docker Engine from your distribution's instructions, with the service started.</Translate></li>
      </ul>
      <Block run={<Translate id="demo.step1.run" description="Heading: what to run">Run</Translate>}>
        <CodeBlock code={dockerCheck} label={runLabel()} />
      </Block>
      <Block run={<Translate id="demo.step1.check" description="Heading: how to check">Check that it worked</Translate>}>
        <p className="mk-text"><Translate id="demo.step1.checkText" description="How to check Docker works">The output starts with this greeting. If it says it cannot connect to the Docker daemon, start Docker and try again.</Translate></p>
        <CodeBlock code={dockerOutput} label={outputLabel()} output />
      </Block>
    </>
  );
}

export function ShifuStep() {
  return (
    <>
      <p className="mk-text"><Translate id="demo.step2.intro" description="Demo step 2 introduction">The installer creates a kind cluster, installs Shifu and deploys a simulated automated guided vehicle (AGV) with its deviceShifu. It needs about 4 GB of memory for Docker.</Translate></p>
      <Block run={<Translate id="demo.step2.run" description="Heading: what to run">Run</Translate>}>
        <CodeBlock code={install} label={runLabel()} />
        <p className="mk-small"><Translate id="demo.step2.runNote" description="Note about the installer">It ends with the line "Finished setting up Demo !". Keep the testdir folder it creates: the uninstall command lives there.</Translate></p>
      </Block>
      <Block run={<Translate id="demo.step2.check" description="Heading: how to check">Check that it worked</Translate>}>
        <CodeBlock code={pods} label={runLabel()} />
        <p className="mk-text"><Translate id="demo.step2.checkText" description="How to check Shifu is installed">After a minute or two every pod shows Running. Look for these three (your name suffixes differ):</Translate></p>
        <CodeBlock code={podsOutput} label={outputLabel()} output />
      </Block>
    </>
  );
}

export function TryStep() {
  return (
    <>
      <p className="mk-text"><Translate id="demo.step3.intro" description="Demo step 3 introduction">deviceShifu services are reachable from inside the cluster, so start a small client pod and ask the AGV for its position through its deviceShifu.</Translate></p>
      <Block run={<Translate id="demo.step3.run" description="Heading: what to run">Run</Translate>}>
        <CodeBlock code={client} label={runLabel()} />
        <CodeBlock code={call} label={runLabel()} />
      </Block>
      <Block run={<Translate id="demo.step3.check" description="Heading: how to check">Check that it worked</Translate>}>
        <p className="mk-text"><Translate id="demo.step3.checkText" description="How to check the device answers">The simulated AGV answers with coordinates that change on every call:</Translate></p>
        <CodeBlock code={callOutput} label={outputLabel()} output />
        <p className="mk-text">
          <Translate id="demo.step3.next" description="What to do next">That HTTP call is the whole idea of Shifu: the same request style works for a thermometer, a PLC or an OPC UA server.</Translate>{' '}
          <Link to="/docs/references/basic-features/device-control"><Translate id="demo.step3.nextLink" description="Link to device control docs">How device control works</Translate></Link>
        </p>
      </Block>
    </>
  );
}
