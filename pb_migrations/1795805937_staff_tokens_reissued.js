/// <reference path="../pb_data/types.d.ts" />
// Written by hand, not generated: it changes data, not a collection. Staff tokens now last 8 hours (the
// migration before this one), but a token issued under PocketBase's 7-day default would stay valid until
// its own expiry. A new token key for every staff account ends them all now: each staff member signs in
// once more after the upgrade.
migrate(
  (app) => {
    let staff;
    try {
      staff = app.findAllRecords('staff');
    } catch (err) {
      return; // no staff collection: nothing was ever issued
    }
    for (const account of staff) {
      account.refreshTokenKey();
      app.saveNoValidate(account);
    }
  },
  () => {
    // Nothing: old tokens are not brought back.
  },
);
