/// <reference path="../bin/pocketbase-types.d.ts" />
// Uploaded files leave the server as downloads, not as pages or scripts of the site's origin (issue 29,
// finding 11): an image may show in the staff card (inline, as the image type its name says), anything
// else is an attachment, and a file of a type no form accepts (one stored before names followed content,
// lib/fileContent.js) is plain bytes to the browser. `?download=1` makes an image an attachment too, as
// PocketBase's own rule does. PocketBase's sandboxing CSP and nosniff stay as they are.
onFileDownloadRequest((e) => {
  const { typeOfName } = require(`${__hooks}/lib/fileContent.js`);
  const type = typeOfName(e.servedName);
  // The JS VM leaves the embedded request event's fields unset here: they are read through it.
  const embedded = /** @type {{ requestEvent: core.RequestEvent }} */ (/** @type {unknown} */ (e)).requestEvent;
  const request = e.request || embedded.request;
  const header = (e.response || embedded.response).header();
  const download = ['1', 't', 'true'].indexOf(String(request.url.query().get('download')).toLowerCase()) >= 0;
  const inline = !download && type && type.mime.indexOf('image/') === 0;
  header.set('Content-Disposition', (inline ? 'inline' : 'attachment') + '; filename=' + e.servedName);
  header.set('Content-Type', type ? type.mime : 'application/octet-stream');
  e.next();
});
