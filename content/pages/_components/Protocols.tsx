import Translate from '@docusaurus/Translate';
import Link from '@docusaurus/Link';

// The device protocols Shifu reaches, in two honest groups: drivers built into current releases, and
// the fieldbus family that is connected through a driver container (PLC4X covered it up to v0.80.0).

export const builtInProtocols = ['HTTP', 'OPC UA', 'Socket', 'MQTT', 'LwM2M'];
export const fieldbusProtocols = ['ADS', 'BACnet', 'CBus', 'EtherNet/IP', 'KNX', 'Modbus ASCII', 'Modbus RTU', 'Modbus TCP'];

export function ProtocolChips() {
  return (
    <div className="mk-protocols">
      <h3 className="mk-h3">
        <Translate id="protocols.builtin.title" description="Heading above the list of protocols with a built-in deviceShifu driver">Built-in drivers</Translate>
      </h3>
      <ul className="mk-chips">
        {builtInProtocols.map((p) => <li className="mk-chip" key={p}>{p}</li>)}
      </ul>
      <h3 className="mk-h3">
        <Translate id="protocols.fieldbus.title" description="Heading above the list of industrial protocols connected through driver containers">Industrial fieldbus and building protocols</Translate>
      </h3>
      <ul className="mk-chips">
        {fieldbusProtocols.map((p) => <li className="mk-chip mk-chip--muted" key={p}>{p}</li>)}
      </ul>
      <p className="mk-small">
        <Translate id="protocols.note" description="Note under the protocol lists">The second group is connected through a driver container that runs next to the deviceShifu; Shifu releases up to v0.80.0 also bundled a PLC4X driver for it.</Translate>{' '}
        <Link to="/docs/guides/install/support" className="mk-link-arrow">
          <Translate id="protocols.supportLink" description="Link to the platform and protocol support page">See the support matrix</Translate>
        </Link>
      </p>
    </div>
  );
}
