/**
 * Deleting an application moves it, with its files, to the trash collection under its topic
 * (spec §3 'helpuztrash'), in the same transaction as the delete: either both happen or neither.
 */
const config = require(`${__hooks}/generated/services.js`);

function fileNames(record, fields) {
  const names = [];
  for (const field of fields) {
    const value = record.get(field);
    if (Array.isArray(value)) names.push(...value.filter(Boolean));
    else if (value) names.push(String(value));
  }
  return names;
}

/** Copies `record` and its files (same names, any storage backend) into the trash using `app`. */
function moveToTrash(app, record, auth) {
  const service = config.services[record.collection().name];
  const trash = app.findCollectionByNameOrId(config.trashCollection);
  const copy = new Record(trash);
  copy.set('topic', service.topic);
  copy.set('key', record.id);
  copy.set('sourceCollection', record.collection().name);
  copy.set('record', JSON.parse(JSON.stringify(record.publicExport())));
  copy.set('deletedBy', auth ? auth.id : '');
  const fsys = app.newFilesystem();
  try {
    const files = fileNames(record, service.fileFields).map((name) => fsys.getReuploadableFile(`${record.baseFilesPath()}/${name}`, true));
    if (files.length > 0) copy.set('files', files);
    app.save(copy);
  } finally {
    fsys.close();
  }
  return copy;
}

module.exports = { moveToTrash };
