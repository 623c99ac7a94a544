// The visitor's own "do not track me" signals. When either is on, no analytics script is loaded and no
// event is sent: Do Not Track (`navigator.doNotTrack === '1'`) and Global Privacy Control
// (`navigator.globalPrivacyControl === true`). Imported by the entry, so it decides before the
// analytics chunk is fetched.

interface PrivacyNavigator {
  doNotTrack?: string | null;
  globalPrivacyControl?: boolean;
}

export function visitorOptedOut(nav: PrivacyNavigator = navigator as PrivacyNavigator): boolean {
  return nav.doNotTrack === '1' || nav.globalPrivacyControl === true;
}
