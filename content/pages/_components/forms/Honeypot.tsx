import { translate } from '@docusaurus/Translate';

// A field people never see or reach (off screen, out of the tab order, hidden from assistive
// technology) and simple bots fill in: the form receiver quietly drops a submission that has a value
// in it. Its name is the receiver's HONEYPOT_FIELD.

export function Honeypot() {
  return (
    <div className="mk-hp" aria-hidden="true">
      <label>
        {translate({ id: 'form.honeypot', message: 'Leave this field empty', description: 'Label of a hidden anti-spam field (never shown)' })}
        <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
