import { createRequire } from "node:module";
import pg from "pg";

/** node-postgres's own conversion of a bound value to text, so a literal says exactly what the bind said. */
const { prepareValue } = createRequire(import.meta.url)("pg/lib/utils") as {
  prepareValue(value: unknown): string | Buffer | null;
};

/** One statement a pool client ran: its SQL text and bound values, as node-postgres received them. */
export interface RecordedStatement {
  /** The prepared statement's name, when the caller gave one. */
  name: string | undefined;
  text: string;
  values: unknown[];
}

type QueryFn = (...args: unknown[]) => unknown;

/**
 * Records the statements the pool's clients run, whoever calls them (Drizzle, a repository's named statement, a
 * transaction on a checked-out client): each client's `query` is wrapped when the pool first hands it out, so
 * nothing depends on how the app reaches the database. Only the calls made inside `during` are kept.
 */
export function recordStatements(pool: pg.Pool) {
  const wrapped = new WeakSet<pg.PoolClient>();
  let recording: RecordedStatement[] | undefined;
  pool.on("acquire", (client) => {
    if (wrapped.has(client)) return;
    wrapped.add(client);
    const target = client as unknown as { query: QueryFn };
    const query = target.query;
    target.query = function (this: unknown, ...args: unknown[]) {
      const statement = recording && statementOf(args);
      if (statement) recording?.push(statement);
      return query.apply(this, args);
    };
  });
  return {
    /** The statements run while `action` runs (a test's requests run one after another). */
    async during(action: () => Promise<unknown>): Promise<RecordedStatement[]> {
      const statements: RecordedStatement[] = [];
      recording = statements;
      try {
        await action();
      } finally {
        recording = undefined;
      }
      return statements;
    },
  };
}

function statementOf([first, second]: unknown[]): RecordedStatement | undefined {
  if (typeof first === "string") {
    return { name: undefined, text: first, values: Array.isArray(second) ? second : [] };
  }
  if (typeof first !== "object" || first === null) return undefined;
  const config = first as { name?: unknown; text?: unknown; values?: unknown };
  if (typeof config.text !== "string") return undefined;
  const values = Array.isArray(config.values) ? config.values : Array.isArray(second) ? second : [];
  return { name: typeof config.name === "string" ? config.name : undefined, text: config.text, values };
}

/** Statements EXPLAIN takes; transaction control, SET and the like are left out. */
export const explainable = (s: RecordedStatement) =>
  /^\s*(select|with|insert|update|delete|values)\b/i.test(s.text);

/** A node of `EXPLAIN (FORMAT JSON)`: the fields read here (PostgreSQL gives more). */
export interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Parent Relationship"?: string;
  "Subplan Name"?: string;
  "Actual Rows"?: number;
  "Actual Loops"?: number;
  "Shared Hit Blocks"?: number;
  "Shared Read Blocks"?: number;
  "Index Cond"?: string;
  "Recheck Cond"?: string;
  Filter?: string;
  Plans?: PlanNode[];
}

export interface StatementPlan {
  plan: PlanNode;
  /** Shared buffers the run touched, hit or read: the plan's own I/O, however warm the cache is. */
  sharedBuffers: number;
  executionMs: number;
}

export interface ExplainOptions {
  /**
   * Plan as if no sequential scan were possible (`enable_seqscan = off`): where the plan still scans a table,
   * no index can serve the statement's conditions on it, however large the table grows.
   */
  indexesOnly?: boolean;
}

let prepared = 0;

/**
 * Runs the statement again under `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON)` with its values, in a transaction
 * rolled back afterwards (so a write changes nothing). It is planned once for any values
 * (`plan_cache_mode = force_generic_plan`), as the app's pool plans every statement (src/db/client.ts), then run
 * with the values.
 */
export async function explainAnalyze(
  client: pg.ClientBase,
  statement: RecordedStatement,
  o: ExplainOptions = {},
): Promise<StatementPlan> {
  const explain = "explain (analyze, buffers, format json)";
  const name = `statement_plan_${++prepared}`;
  await client.query("begin");
  try {
    if (o.indexesOnly) await client.query("set local enable_seqscan = off");
    await client.query("set local plan_cache_mode = force_generic_plan");
    await client.query(`prepare ${name} as ${statement.text}`);
    // EXECUTE takes its values as literals: a bound parameter cannot reach it.
    const result = await client.query<{ "QUERY PLAN": [{ Plan: PlanNode; "Execution Time": number }] }>(
      `${explain} execute ${name}(${statement.values.map(literalOf).join(", ")})`,
    );
    const explained = result.rows[0]?.["QUERY PLAN"][0];
    if (!explained) throw new Error(`EXPLAIN gave no plan for: ${statement.text}`);
    const plan = explained.Plan;
    return {
      plan,
      sharedBuffers: (plan["Shared Hit Blocks"] ?? 0) + (plan["Shared Read Blocks"] ?? 0),
      executionMs: explained["Execution Time"],
    };
  } finally {
    await client.query("rollback");
    // A prepared statement outlives the transaction.
    await client.query(`deallocate ${name}`);
  }
}

function literalOf(value: unknown): string {
  const text = prepareValue(value);
  if (text === null) return "null";
  if (typeof text !== "string") throw new Error("A binary value cannot be written as a literal");
  return pg.escapeLiteral(text);
}

/** The nodes that ran (a branch the executor skipped reports no loops), depth first, the root first. */
export function executedNodes(plan: PlanNode): PlanNode[] {
  if (plan["Actual Loops"] === 0) return [];
  return [plan, ...(plan.Plans ?? []).flatMap(executedNodes)];
}

/** The tables the plan reads, whether or not the executor reached them. */
export function tablesRead(plan: PlanNode): string[] {
  const own = plan["Relation Name"] ? [plan["Relation Name"]] : [];
  return [...new Set([...own, ...(plan.Plans ?? []).flatMap(tablesRead)])];
}

/** The plan as an indented outline, one node a line: what a failure message shows. */
export function formatPlan(plan: PlanNode, depth = 0): string {
  const on = plan["Relation Name"] ? ` on ${plan["Relation Name"]}` : "";
  const using = plan["Index Name"] ? ` using ${plan["Index Name"]}` : "";
  const role = plan["Subplan Name"] ?? plan["Parent Relationship"];
  const buffers = (plan["Shared Hit Blocks"] ?? 0) + (plan["Shared Read Blocks"] ?? 0);
  const conditions = (["Index Cond", "Recheck Cond", "Filter"] as const)
    .filter((key) => plan[key])
    .map((key) => `; ${key.toLowerCase()}: ${plan[key]}`)
    .join("");
  const line = `${"  ".repeat(depth)}${role ? `[${role}] ` : ""}${plan["Node Type"]}${on}${using} (rows=${
    plan["Actual Rows"] ?? "?"
  } loops=${plan["Actual Loops"] ?? "?"} buffers=${buffers})${conditions}`;
  return [line, ...(plan.Plans ?? []).map((child) => formatPlan(child, depth + 1))].join("\n");
}
