import { systemClock } from "../lib/clock";
import {
  SUNSET_WARNING_DAYS,
  VENDOR_VERSIONS,
  versionsNearSunset,
} from "../modules/connectors/vendor-versions";

/*
 * `npm run check:vendors`: every platform API version the connectors call, with its sunset date and where it is
 * published, those within SUNSET_WARNING_DAYS of it (or past it) marked. It always exits 0: a date never fails a
 * build by itself (issue 29); the server logs the same warnings at start (server.ts).
 */
const near = new Map(
  versionsNearSunset(systemClock.now()).map((v) => [`${v.vendor} ${v.version}`, v.daysLeft]),
);
for (const v of VENDOR_VERSIONS) {
  const days = near.get(`${v.vendor} ${v.version}`);
  const mark =
    days === undefined
      ? `ok (over ${SUNSET_WARNING_DAYS} days)`
      : days > 0
        ? `sunset in ${days} days`
        : "SUNSET: update Brandscope";
  process.stdout.write(`${v.vendor} ${v.version}: ${mark}; sunset ${v.sunset} (${v.source})\n`);
}
