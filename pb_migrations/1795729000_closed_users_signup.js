/// <reference path="../pb_data/types.d.ts" />
// Written by hand, not generated: it concerns a collection PocketBase creates itself, not one of the
// schemas'. PocketBase's first migration adds a `users` collection anyone may sign up to (create rule
// ""). Formwork has no public accounts (staff sign in to their own collection), so that open sign-up
// only let strangers store files (avatars) and have the server send e-mails (verification, password
// reset) to any address they chose. It is removed while it holds no account; an installation that has
// accounts in it keeps them, but nobody can sign up any more and each account sees only itself.
migrate(
  (app) => {
    let users;
    try {
      users = app.findCollectionByNameOrId('users');
    } catch (err) {
      return; // already gone
    }
    if (app.countRecords(users.id) === 0) {
      app.delete(users);
      return;
    }
    users.createRule = null;
    app.save(users);
  },
  () => {
    // Nothing: an open sign-up is never wanted back.
  },
);
