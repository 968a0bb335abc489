import { appendFile, mkdir } from "node:fs/promises";
import { userInfo } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import pino from "pino";
import { type Config, ConfigError, loadConfig } from "../config/env";
import { connectDatabase, type Database, type Db } from "../db/client";
import { EmbeddedNotRunningError, runningEmbeddedUrl } from "../db/running-embedded";
import { planTypes } from "../db/schema";
import { AppError } from "../kernel/errors";
import type { Clock } from "../lib/clock";
import { findSubscription } from "../modules/accounts/subscriptions.repo";
import { findUserByEmail } from "../modules/accounts/user.repo";
import { grantPlan } from "../modules/billing/grant-plan";

export const USAGE = `Usage: npm run operator -- <command> [options]

Commands:
  grant-plan --workspace <owner e-mail or workspace id> --plan starter|professional|enterprise --until YYYY-MM-DD
      Sets the workspace's plan until the end of that day (UTC), with no card payment ("granted by operator").
      A granted paid plan returns to Starter after that day.
  show --workspace <owner e-mail or workspace id>
      Prints the workspace's plan.

The database is DATABASE_URL's, otherwise the embedded one of the app running in DATA_DIR (npm start).`;

/** Exit codes: what went wrong, for scripts that run the command. */
export const EXIT = { ok: 0, refused: 1, usage: 2, database: 3 } as const;

export interface OperatorIo {
  /** The configuration's source: the process's environment when left out. */
  env?: NodeJS.ProcessEnv;
  out: (line: string) => void;
  err: (line: string) => void;
  clock: Clock;
}

class UsageError extends Error {}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The last instant of a calendar day in UTC: a plan granted "until 2027-03-31" runs through that day. */
function endOfDay(value: string): Date {
  const match = DATE.exec(value);
  const end = match
    ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 23, 59, 59))
    : null;
  if (!end || end.toISOString().slice(0, 10) !== value) {
    throw new UsageError(`--until must be a date as YYYY-MM-DD, e.g. 2027-03-31 (got "${value}")`);
  }
  return end;
}

function parse(argv: string[]) {
  const [command, ...rest] = argv;
  if (command !== "grant-plan" && command !== "show") {
    throw new UsageError(command ? `Unknown command "${command}"` : "No command given");
  }
  const { values } = parseArgs({
    args: rest,
    options: { workspace: { type: "string" }, plan: { type: "string" }, until: { type: "string" } },
    strict: true,
  });
  if (!values.workspace) throw new UsageError("--workspace is required");
  if (!UUID.test(values.workspace) && !values.workspace.includes("@")) {
    throw new UsageError("--workspace must be an e-mail address or a workspace id");
  }
  if (command === "show") return { command, workspace: values.workspace } as const;
  const plan = planTypes.find((type) => type === values.plan);
  if (!plan) throw new UsageError(`--plan must be one of ${planTypes.join(", ")}`);
  if (!values.until) throw new UsageError("--until is required");
  return { command, workspace: values.workspace, plan, until: endOfDay(values.until) } as const;
}

/** The workspace an operator names: by its id, or by its owner's e-mail (a member's would be a slip). */
async function findWorkspace(
  db: Db,
  workspace: string,
): Promise<{ workspaceId: string; owner: string | null }> {
  if (UUID.test(workspace)) {
    if (!(await findSubscription(db, { workspaceId: workspace }))) {
      throw new AppError("NOT_FOUND", 404, `No workspace ${workspace}`);
    }
    return { workspaceId: workspace.toLowerCase(), owner: null };
  }
  const user = await findUserByEmail(db, { email: workspace });
  if (!user) throw new AppError("NOT_FOUND", 404, `No account with the e-mail ${workspace}`);
  if (user.role !== "owner") {
    throw new AppError(
      "NOT_OWNER",
      409,
      `${workspace} is a member of workspace ${user.workspaceId}, not its owner: name the owner or the workspace id`,
    );
  }
  return { workspaceId: user.workspaceId, owner: user.email };
}

type Plan = NonNullable<Awaited<ReturnType<typeof findSubscription>>>;

function describe(plan: Plan): string {
  const ends = plan.endDate ? plan.endDate.toISOString() : "never";
  const source = plan.granted
    ? ", granted by operator"
    : plan.cancelAtPeriodEnd
      ? ", by its owner, running until its end date"
      : "";
  return `${plan.plan} (${plan.status}${source}), ends ${ends}`;
}

/**
 * Runs an operator command's `work` on the configuration's database (DATABASE_URL, or the embedded one of the app
 * running in DATA_DIR): EXIT.database when there is none or it does not answer.
 */
export async function onOperatorDatabase(
  io: OperatorIo,
  work: (database: Database, config: Config) => Promise<number>,
): Promise<number> {
  let config: Config;
  let url: string;
  try {
    config = loadConfig(io.env);
    url = config.databaseUrl ?? (await runningEmbeddedUrl(config.dataDir));
  } catch (error) {
    if (!(error instanceof ConfigError || error instanceof EmbeddedNotRunningError)) throw error;
    io.err(error.message);
    return EXIT.database;
  }
  const database = connectDatabase(url, pino({ level: "silent" }));
  try {
    return await work(database, config);
  } catch (error) {
    if (error instanceof Error && "code" in error && error.code === "ECONNREFUSED") {
      io.err(`The database does not answer (${error.message})`);
      return EXIT.database;
    }
    throw error;
  } finally {
    await database.close();
  }
}

/**
 * `npm run operator`: what an operator does that the app offers nobody (docs/operations.md "Operator command").
 * Returns the exit code. Every change is written to stdout and appended as a JSON line to DATA_DIR/operator.log.
 */
export async function runOperator(argv: string[], io: OperatorIo): Promise<number> {
  let command: ReturnType<typeof parse>;
  try {
    command = parse(argv);
  } catch (error) {
    if (!(error instanceof UsageError || (error instanceof TypeError && "code" in error))) throw error;
    io.err(`${error.message}\n\n${USAGE}`);
    return EXIT.usage;
  }
  return onOperatorDatabase(io, async (database, config) => {
    try {
      const { workspaceId, owner } = await findWorkspace(database.db, command.workspace);
      if (command.command === "show") {
        const plan = await findSubscription(database.db, { workspaceId });
        io.out(
          `Workspace ${workspaceId}${owner ? ` (owner ${owner})` : ""}: ${plan ? describe(plan) : "no plan"}`,
        );
        return EXIT.ok;
      }
      const now = io.clock.now();
      const { before, after } = await grantPlan(database.db, {
        workspaceId,
        plan: command.plan,
        until: command.until,
        now,
      });
      const entry = {
        time: now.toISOString(),
        event: "operator.grant-plan",
        operator: userInfo().username,
        workspaceId,
        owner,
        before: { plan: before.plan, status: before.status, endDate: before.endDate },
        after: { plan: after.plan, status: after.status, endDate: after.endDate, granted: after.granted },
      };
      await mkdir(config.dataDir, { recursive: true });
      await appendFile(join(config.dataDir, "operator.log"), `${JSON.stringify(entry)}\n`);
      io.out(
        `Workspace ${workspaceId}${owner ? ` (owner ${owner})` : ""}: ${describe(before)} -> ${describe(after)}`,
      );
      io.out(JSON.stringify(entry));
      return EXIT.ok;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      io.err(error.message);
      return EXIT.refused;
    }
  });
}
