/// <reference path="../bin/pocketbase-types.d.ts" />
// The client-address header PocketBase trusts (lib/proxy.js), set from the environment at every start.

onBootstrap((e) => {
  e.next();
  const proxy = require(`${__hooks}/lib/proxy.js`).configure(e.app);
  e.app.logger().info('trusted proxy', 'header', proxy.header, 'changed', proxy.changed);
});
