import pg from "pg";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../test/database";
import { connectDatabase, type Database } from "../client";
import { brands } from "../schema";
import { selection } from "../typed-rows";
import { type ChangeListener, listenForChanges } from "./change-listener";
import { keptRows, readModelOf } from "./read-model";

let own: TestDatabase;
let database: Database;
let changes: ChangeListener;
/** Writes without firing triggers, so without notifying: a change the cache cannot know of. */
let unnotified: pg.Client;
let brandId: string;

beforeAll(async () => {
  own = await createTestDatabase();
  database = connectDatabase(own.url, pino({ level: "silent" }));
  changes = await listenForChanges({
    pool: database.pool,
    connectionString: own.url,
    log: pino({ level: "silent" }),
  });
  unnotified = new pg.Client({ connectionString: own.url });
  await unnotified.connect();
  await unnotified.query("set session_replication_role = replica");
  const brand = await database.pool.query<{ id: string }>("select id from brands order by id limit 1");
  brandId = brand.rows[0]?.id ?? "";
  return async () => {
    await unnotified.end();
    await changes.stop();
    await database.pool.end();
    await own.drop();
  };
});
afterAll(() => undefined);

const NAME = selection({ name: brands.name });
const BRAND_NAME = `select ${NAME.text} from brands where id = $1`;
/** The same read, taking long enough for a change to commit while it runs. */
const SLOW_BRAND_NAME = `select ${NAME.text} from brands, pg_sleep(0.4) where id = $1`;

const nameNow = async (text = BRAND_NAME) => {
  const rows = await keptRows(database.db, NAME, {
    name: `brand-name-${text.length}`,
    text,
    values: [brandId],
    tables: ["brands"],
  });
  return rows[0]?.name;
};

const rename = (name: string, client: pg.ClientBase | pg.Pool = database.pool) =>
  client.query("update brands set name = $1 where id = $2", [name, brandId]);

const listenerBackends = async () =>
  (
    await database.pool.query<{ pid: number }>(
      "select pid from pg_stat_activity where application_name = 'brandscope-listener' and datname = current_database()",
    )
  ).rows;

async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("Timed out");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("reads kept in memory", () => {
  it("answer from memory until a table they read changes, then from the database", async () => {
    await rename("Kept");
    await changes.settle();
    expect(await nameNow()).toBe("Kept");
    // A change nobody is told of is not seen: the rows came from memory.
    await rename("Unseen", unnotified);
    expect(await nameNow()).toBe("Kept");
    // A notified change is: the next read asks the database again.
    await rename("Seen");
    await changes.settle();
    expect(await nameNow()).toBe("Seen");
  });

  it("are forgotten only when a table they read changes, not on any change", async () => {
    await rename("Kept");
    await changes.settle();
    expect(await nameNow()).toBe("Kept");
    // A change to a table the read does not read (subscriptions) forgets nothing: the unseen rename stays unseen.
    await rename("Unseen", unnotified);
    await database.pool.query(
      "update subscriptions set updated_at = now() where workspace_id in (select id from workspaces limit 1)",
    );
    await changes.settle();
    expect(await nameNow()).toBe("Kept");
    expect(readModelOf(database.pool).keptStatements()).toContain(`brand-name-${BRAND_NAME.length}`);
    // A statement that changes no row of the table the read reads forgets nothing either; one that does, does.
    await database.pool.query("delete from brands where false");
    await changes.settle();
    expect(await nameNow()).toBe("Kept");
    await database.pool.query("update brands set name = name where id = $1", [brandId]);
    await changes.settle();
    expect(await nameNow()).toBe("Unseen");
  });

  it("are frozen, since every later read gets the same rows", async () => {
    const rows = await keptRows(database.db, NAME, {
      name: "brand-name-frozen",
      text: BRAND_NAME,
      values: [brandId],
      tables: ["brands"],
    });
    const again = await keptRows(database.db, NAME, {
      name: "brand-name-frozen",
      text: BRAND_NAME,
      values: [brandId],
      tables: ["brands"],
    });
    expect(again).toBe(rows);
    expect(() => {
      (rows[0] as { name: string }).name = "Changed";
    }).toThrow(TypeError);
  });

  it("do not keep rows read while a change committed", async () => {
    await rename("Before");
    await changes.settle();
    readModelOf(database.pool).changed(["brands"]);
    const reading = nameNow(SLOW_BRAND_NAME);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await rename("After");
    // The change is heard while the read's query, begun before it, still runs.
    await changes.settle();
    expect(await reading).toBe("Before");
    expect(await nameNow(SLOW_BRAND_NAME)).toBe("After");
  });

  it("go to the database while the listening connection is lost, and are kept again once it is back", async () => {
    const cache = readModelOf(database.pool);
    expect(cache.listening).toBe(true);
    const [backend] = await listenerBackends();
    await database.pool.query("select pg_terminate_backend($1)", [backend?.pid]);
    await until(() => !cache.listening);
    await rename("Unheard 1", unnotified);
    expect(await nameNow()).toBe("Unheard 1");
    await rename("Unheard 2", unnotified);
    expect(await nameNow()).toBe("Unheard 2");

    await until(() => cache.listening);
    expect((await listenerBackends()).map((b) => b.pid)).not.toContain(backend?.pid);
    expect(await nameNow()).toBe("Unheard 2");
    await rename("Unheard 3", unnotified);
    expect(await nameNow()).toBe("Unheard 2");
    await rename("Heard");
    await changes.settle();
    expect(await nameNow()).toBe("Heard");
  });
});
