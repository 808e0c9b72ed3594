/// <reference path="../pb_data/types.d.ts" />
// Uploaded files leave the server as downloads, not as pages or scripts of the site's origin (issue 29,
// finding 11): an image may show in the staff card (inline), anything else is an attachment, and a file
// of a type no form accepts (one stored before names followed content, lib/fileContent.js) is plain
// bytes to the browser. PocketBase's own sandboxing CSP and nosniff stay as they are.
onFileDownloadRequest((e) => {
  const { typeOfName } = require(`${__hooks}/lib/fileContent.js`);
  const type = typeOfName(e.servedName);
  const header = (e.response || e.requestEvent.response).header();
  header.set('Content-Disposition', (type && type.mime.indexOf('image/') === 0 ? 'inline' : 'attachment') + '; filename=' + e.servedName);
  if (!type) header.set('Content-Type', 'application/octet-stream');
  e.next();
});
