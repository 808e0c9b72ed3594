/// <reference path="../bin/pocketbase-types.d.ts" />
// "Save and continue later" (lib/drafts.js): the save route of each form's service (each with its service's
// body cap, as its submit route), the resume route the e-mailed link's page calls, and the job that deletes
// expired drafts (FORMWORK_DRAFTS_CRON; hourly by default, "off" pauses it).
{
  const draftServices = require(`${__hooks}/generated/services.js`).services;
  const draftRoutes = require(`${__hooks}/generated/contract.js`).drafts;
  for (const name of Object.keys(draftServices)) {
    routerAdd('POST', draftRoutes.saveRoute + name, (e) => require(`${__hooks}/lib/drafts.js`).save(e), $apis.bodyLimit(draftServices[name].bodyLimits.text));
  }
  routerAdd('POST', draftRoutes.resumeRoute, (e) => require(`${__hooks}/lib/drafts.js`).resume(e), $apis.bodyLimit(1024));
}

const draftsSchedule = require(`${__hooks}/lib/drafts.js`).schedule();
if (draftsSchedule) {
  cronAdd('formwork-drafts', draftsSchedule, () => {
    const gone = require(`${__hooks}/lib/drafts.js`).sweep($app, Date.now());
    if (gone.drafts || gone.mails) $app.logger().info('drafts: expired drafts deleted', 'drafts', gone.drafts, 'emails', gone.mails);
  });
}
