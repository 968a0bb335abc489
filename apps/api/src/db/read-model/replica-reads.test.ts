import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../test/database";
import { capturedLog } from "../../../test/log";
import { connectDatabase, type Database, REPLICA_POOL } from "../client";
import { computed, selection } from "../typed-rows";
import { type ChangeListener, listenForChanges } from "./change-listener";
import { freshRows, keptRows } from "./read-model";
import { ReplicaReads } from "./replica-reads";

/*
 * The replica router on one PostgreSQL that is no standby (DATABASE_REPLICA_URL naming the primary by mistake):
 * only a module read's queries ask the "replica", which answers no replay position, so the primary answers them
 * with one warning. test/process/read-replica.test.ts runs a real streaming replica.
 */

let own: TestDatabase;
let primary: Database;
let notStandby: Database;
let changes: ChangeListener;
const captured = capturedLog("info");
let router: ReplicaReads;

beforeAll(async () => {
  own = await createTestDatabase();
  primary = connectDatabase(own.url, captured.log);
  notStandby = connectDatabase(own.url, captured.log, REPLICA_POOL);
  changes = await listenForChanges({ pool: primary.pool, connectionString: own.url, log: captured.log });
  router = new ReplicaReads({ primary: primary.pool, replica: notStandby.pool, log: captured.log });
});

afterAll(async () => {
  await changes?.stop();
  await Promise.all([primary?.close(), notStandby?.close()]);
  await own?.drop();
});

const WORKSPACE = "00000000-0000-4000-8000-000000000001";

const COUNT = selection({ n: computed<number>("count(*)::int + $1::int - $1::int") });
const ONE = selection({ n: computed<number>("1") });

const brandCount = (marker: number) =>
  keptRows(primary.db, COUNT, {
    name: "replica-test-brands",
    text: `select ${COUNT.text} from brands`,
    values: [marker],
    tables: ["brands"],
  });

describe("the read replica's router", () => {
  it("asks the replica nothing for reads outside a module read, and answers from the primary when it is no standby", async () => {
    const asked = vi.spyOn(notStandby.pool, "query");
    const outside = await brandCount(1);
    expect(asked).not.toHaveBeenCalled();

    const inside = await router.read(WORKSPACE, () => brandCount(2));
    expect(inside).toEqual(outside);
    expect(asked).toHaveBeenCalledTimes(1);
    expect(captured.text()).toContain("The read replica cannot answer: module reads go to the primary");
    expect(captured.text()).toContain("DATABASE_REPLICA_URL names a server that is not a standby");

    // Left alone for a while: the next reads do not ask it again, and warn no more.
    const fresh = await router.read(WORKSPACE, () =>
      freshRows(primary.db, ONE, { text: `select ${ONE.text}` }),
    );
    expect(fresh).toEqual([{ n: 1 }]);
    expect(asked).toHaveBeenCalledTimes(1);
    expect(captured.lines.filter((line) => line.includes("cannot answer"))).toHaveLength(1);
    asked.mockRestore();
  });
});
