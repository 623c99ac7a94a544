import Translate from '@docusaurus/Translate';

// The figures the site claims about Shifu, in one place so every page states them the same way.
// The disclaimer page explains where they come from and that they are not a contractual guarantee.

export function ClaimStats() {
  return (
    <dl className="mk-stats">
      <div className="mk-stat">
        <dt><Translate id="claims.ram.value" description="Figure: memory Shifu needs">2G RAM</Translate></dt>
        <dd><Translate id="claims.ram.label" description="Explains the 2G RAM figure">is enough to run Shifu in production, for example on a single-board computer at the edge</Translate></dd>
      </div>
      <div className="mk-stat">
        <dt>99.9999%</dt>
        <dd><Translate id="claims.availability.label" description="Explains the 99.9999% availability figure">availability, thanks to redundant deviceShifu replicas that Kubernetes restarts and reschedules</Translate></dd>
      </div>
      <div className="mk-stat">
        <dt><Translate id="claims.hours.value" description="Figure: client run time">1M+ hours</Translate></dt>
        <dd><Translate id="claims.hours.label" description="Explains the run-time figure">of client run time in production deployments</Translate></dd>
      </div>
      <div className="mk-stat">
        <dt><Translate id="claims.protocols.value" description="Figure: number of protocols">13 protocols</Translate></dt>
        <dd><Translate id="claims.protocols.label" description="Explains the protocol count">from HTTP, OPC UA and MQTT to Modbus, BACnet and KNX, all behind the same HTTP API</Translate></dd>
      </div>
    </dl>
  );
}
