import { ApiError, type Brand, type components } from "@brandscope/api-client";
import { Badge } from "@brandscope/ui/badge";
import { Button } from "@brandscope/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@brandscope/ui/data-table";
import { EmptyState } from "@brandscope/ui/empty-state";
import { ErrorState } from "@brandscope/ui/error-state";
import { FileDrop, Progress } from "@brandscope/ui/file-drop";
import { SelectField } from "@brandscope/ui/select";
import { Skeleton } from "@brandscope/ui/skeleton";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmRemoval } from "~/lib/confirm-content";
import { ButtonLink } from "~/lib/link";
import { problemText } from "~/lib/problem";
import { exportName, isAudienceExport, isTrafficExport } from "../modules/export-names";
import { formatDate, formatDateTime, formatWhole } from "../modules/format";
import { SectionCard } from "../modules/module-page";
import { WithBrand } from "../modules/with-brand";
import { brandCompetitorsOptions } from "../onboarding/queries";
import { AdminLink, AdminOnly, useManagesWorkspace } from "../team/admin-only";
import { GoogleAdsConnectorSection } from "./google-ads-connector";
import { InstagramConnectorSection } from "./instagram-connector";
import { useCommitImportMutation, usePreviewExportMutation, useRemoveImportMutation } from "./mutations";
import { importsOptions } from "./queries";
import { SearchConsoleConnectorSection } from "./search-console-connector";
import { WebsiteSourcesSection } from "./website-sources";
import { YoutubeConnectorSection } from "./youtube-connector";

type Import = components["schemas"]["Import"];

/** One file dropped or chosen, and what became of it. */
type Upload =
  /** `sent`: the share of the file sent so far (0–1); once all of it, the server is reading it. */
  | { id: number; name: string; status: "uploading"; sent: number }
  | { id: number; name: string; status: "imported"; result: Import }
  | { id: number; name: string; status: "refused"; message: string; problems: string[] };

const OWN = "own";

/**
 * Data sources (issue 16): upload the platforms' analytics exports for the brand or one of its competitors, and
 * see every import with what it stored. Files go one after another; each is read and checked first (refused whole,
 * with its problems by line, or shown with what it holds), then imported whole or discarded by the user.
 */
export function DataSourcesScreen() {
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <header className="flex flex-col gap-1.5">
        <h1 className="text-foreground text-2xl font-semibold tracking-tight">Data sources</h1>
        <p className="text-muted-foreground text-sm">
          Upload the analytics exports of your brand and its competitors: their posts, followers and keywords
          feed every module, and your website's Google Analytics 4 audience gives your brand its personas.
        </p>
      </header>
      <WithBrand noBrand="Connect your brand first; then upload its exports here.">
        {(brand) =>
          brand.sample ? (
            <EmptyState
              title="The sample brand comes with its data"
              description="Imports are for your own brand and its competitors. Connect your own brand to upload its exports."
              action={
                <AdminLink action="connect the workspace's own brand">
                  <ButtonLink to="/questionnaire/$" params={{ _splat: "connect_own" }}>
                    Connect your brand
                  </ButtonLink>
                </AdminLink>
              }
            />
          ) : (
            <AdminOnly action="upload exports, connect, refresh or disconnect sources and remove imports">
              <UploadSection brand={brand} />
              <WebsiteSourcesSection />
              <YoutubeConnectorSection />
              <SearchConsoleConnectorSection />
              <GoogleAdsConnectorSection />
              <InstagramConnectorSection />
              <ImportHistory brand={brand} />
            </AdminOnly>
          )
        }
      </WithBrand>
    </div>
  );
}

function UploadSection({ brand }: { brand: Brand }) {
  const competitors = useQuery(brandCompetitorsOptions());
  const imports = useQuery(importsOptions());
  const [target, setTarget] = useState(OWN);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const preview = usePreviewExportMutation();
  const busy = uploads.some((u) => u.status === "uploading");
  // A drop is no control a disabled fieldset reaches: the drop area itself is turned off for a member.
  const manages = useManagesWorkspace();
  const targets = [
    { value: OWN, label: `${brand.name} (your brand)` },
    ...(competitors.data?.competitors ?? []).map((c) => ({ value: c.id, label: c.name })),
  ];
  const names = useBrandNames(brand);
  // Waiting files come from the server, so a reload or another tab still shows them.
  const pending = (imports.data ?? []).filter((i) => i.status === "pending");

  const send = async (files: File[]) => {
    const brandId = target === OWN ? undefined : target;
    const first = Date.now();
    const queued = files.map((file, index) => ({
      id: first + index,
      name: file.name,
      status: "uploading" as const,
      sent: 0,
    }));
    setUploads((previous) => [...queued, ...previous]);
    // One after another: the server reads one large file at a time.
    for (const [index, file] of files.entries()) {
      const id = first + index;
      try {
        const onProgress = (sent: number) =>
          setUploads((previous) =>
            previous.map((u) => (u.id === id && u.status === "uploading" ? { ...u, sent } : u)),
          );
        await preview.mutateAsync({ file, brandId, onProgress });
        // Read and waiting: the file now shows among the pending ones, from the server.
        setUploads((previous) => previous.filter((u) => u.id !== id));
      } catch (error) {
        const refused: Upload = {
          id,
          name: file.name,
          status: "refused",
          message: problemText(error),
          problems: problemsOf(error),
        };
        setUploads((previous) => previous.map((u) => (u.id === id ? refused : u)));
      }
    }
  };
  const imported = (result: Import) =>
    setUploads((previous) => [
      { id: Date.now(), name: result.fileName, status: "imported", result },
      ...previous,
    ]);

  return (
    <SectionCard
      title="Upload exports"
      description="Exports of Facebook, Instagram, TikTok, LinkedIn, X and YouTube, Google Ads Keyword Planner and Search Console, and your own brand's Google Analytics 4 audience exploration and traffic by country, as CSV or as the Excel workbooks LinkedIn and TikTok download (.xls, .xlsx). TikTok and LinkedIn have no API we may use: their exports are the way in."
    >
      <div className="flex flex-col gap-4">
        <SelectField
          label="Whose data is it?"
          className="max-w-sm"
          value={target}
          onValueChange={setTarget}
          options={targets}
          disabled={busy}
        />
        <FileDrop
          title="Drop your exports here"
          description="One or several files. Each is read and checked first: you see what it holds, then import it whole (or discard it). Importing a file again changes nothing."
          accept=".csv,.xls,.xlsx,text/csv,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          disabled={busy || !manages}
          onFiles={(files) => void send(files)}
        />
        {uploads.length > 0 || pending.length > 0 ? (
          <ul aria-label="Uploads" className="flex flex-col gap-3">
            {uploads
              .filter((u) => u.status !== "imported")
              .map((u) => (
                <UploadRow key={u.id} upload={u} />
              ))}
            {pending.map((item) => (
              <PendingRow
                key={item.id}
                item={item}
                brandName={names.get(item.brandId) ?? "A former competitor"}
                onImported={imported}
              />
            ))}
            {uploads
              .filter((u) => u.status === "imported")
              .map((u) => (
                <UploadRow key={u.id} upload={u} />
              ))}
          </ul>
        ) : null}
      </div>
    </SectionCard>
  );
}

function UploadRow({ upload }: { upload: Upload }) {
  return (
    <li className="flex flex-col gap-2 rounded-md border px-4 py-3 text-sm">
      <div className="flex items-center justify-between gap-3">
        <span className="text-foreground font-medium break-all">{upload.name}</span>
        {upload.status === "imported" ? (
          <Badge tone="success">Imported</Badge>
        ) : upload.status === "refused" ? (
          <Badge tone="error">Not imported</Badge>
        ) : null}
      </div>
      {upload.status === "uploading" ? <UploadProgressBar name={upload.name} sent={upload.sent} /> : null}
      {upload.status === "imported" ? (
        <>
          <p className="text-muted-foreground">{importedText(upload.result)}</p>
          <ImportNotes item={upload.result} />
        </>
      ) : null}
      {upload.status === "refused" ? (
        <div role="alert" className="text-destructive-strong flex flex-col gap-1">
          <p>{upload.message}</p>
          {upload.problems.length > 0 ? (
            <ul aria-label={`Problems in ${upload.name}`} className="ml-5 list-disc">
              {upload.problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/** Uploading with the share sent, then reading (no measure of how far the server is: the bar moves on its own). */
function UploadProgressBar({ name, sent }: { name: string; sent: number }) {
  const reading = sent >= 1;
  return (
    <div className="flex flex-col gap-1">
      <span className="text-muted-foreground text-xs" aria-hidden="true">
        {reading ? "Reading and checking the file…" : `Uploading… ${Math.floor(sent * 100)}%`}
      </span>
      {reading ? (
        <Progress label={`Reading ${name}`} />
      ) : (
        <Progress label={`Uploading ${name}`} value={sent * 100} />
      )}
    </div>
  );
}

/** What an imported file stored: rows, or the audience segments a GA4 audience export's rows make. */
export function importedText(item: Import): string {
  const rows = rowsText(item.rows);
  if (isAudienceExport(item.format))
    return `${exportName(item.format)}: ${segmentsText(item.imported)} stored from ${rows}. The personas are being recomputed.`;
  if (isTrafficExport(item.format))
    return `${exportName(item.format)}: ${trafficText(item.imported)} stored from ${rows}. The figures are being recomputed.`;
  return `${exportName(item.format)}: ${formatWhole(item.imported)} of ${rows} stored. The figures are being recomputed.`;
}

const rowsText = (n: number) => `${formatWhole(n)} ${n === 1 ? "row" : "rows"}`;
const segmentsText = (n: number) => `${formatWhole(n)} audience ${n === 1 ? "segment" : "segments"}`;
/** A GA4 traffic export is counted in months of one country's visits (its days added up per month). */
const trafficText = (n: number) => `${formatWhole(n)} ${n === 1 ? "month" : "months"} of visits by country`;

/**
 * What a file read and checked holds, e.g. "Meta Facebook posts of Lumora: 7 rows, 1 Sep 2026 to 12 Sep 2026.
 * Importing stores 7 of them." A GA4 audience export is counted in segments, one per age, gender and country.
 */
export function recognisedText(item: Import, brandName: string): string {
  const rows = rowsText(item.rows);
  const head = `${exportName(item.format)} of ${brandName}: ${rows}${daysText(item)}.`;
  if (isAudienceExport(item.format)) {
    return `${head} Importing stores ${segmentsText(item.imported)} (one per age, gender and country), which replace any earlier audience import of this brand.`;
  }
  if (isTrafficExport(item.format)) {
    return `${head} Importing stores ${trafficText(item.imported)}, which replace this brand's earlier traffic of those months.`;
  }
  return `${head} Importing stores ${formatWhole(item.imported)} of them${
    item.imported < item.rows ? " (the others are repeats or hold nothing we use)" : ""
  }.`;
}

/** The notes the server kept on a file: what was read but not stored, what it replaced. */
function ImportNotes({ item }: { item: Import }) {
  if (item.errors.length === 0) return null;
  return (
    <ul aria-label={`Notes on ${item.fileName}`} className="text-muted-foreground ml-5 list-disc">
      {item.errors.map((note) => (
        <li key={`${note.row} ${note.message}`}>{note.message}</li>
      ))}
    </ul>
  );
}

/** "1 Sep 2026 to 12 Sep 2026" for the days a file's rows cover; nothing when it stores no dated rows. */
function daysText(item: Import): string {
  if (!item.firstDay || !item.lastDay) return "";
  return item.firstDay === item.lastDay
    ? `, on ${formatDate(item.firstDay)}`
    : `, ${formatDate(item.firstDay)} to ${formatDate(item.lastDay)}`;
}

/** A file read and checked, waiting for the user: what it holds, then Import or Discard. */
function PendingRow(o: { item: Import; brandName: string; onImported: (result: Import) => void }) {
  const { item } = o;
  const commit = useCommitImportMutation();
  const discard = useRemoveImportMutation();
  const rows = rowsText(item.rows);
  return (
    <li className="flex flex-col gap-2 rounded-md border px-4 py-3 text-sm">
      <div className="flex items-center justify-between gap-3">
        <span className="text-foreground font-medium break-all">{item.fileName}</span>
        <Badge tone="info">Ready to import</Badge>
      </div>
      <p>{recognisedText(item, o.brandName)}</p>
      <ImportNotes item={item} />
      {commit.isPending ? (
        <Progress label={`Importing ${item.fileName}`} />
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          <Button
            size="sm"
            disabled={discard.isPending}
            // Not mutate's own onSuccess: this row unmounts as soon as the list holds the imported file.
            onClick={() => void commit.mutateAsync(item.id).then(o.onImported, () => undefined)}
          >
            Import {rows}
          </Button>
          <Button
            size="sm"
            emphasis="ghost"
            aria-label={`Discard ${item.fileName}`}
            disabled={discard.isPending}
            onClick={() => discard.mutate(item.id)}
          >
            Discard
          </Button>
          {item.expiresAt ? (
            <span className="text-muted-foreground text-xs">Kept until {formatDateTime(item.expiresAt)}</span>
          ) : null}
        </div>
      )}
      {commit.isError || discard.isError ? (
        <p role="alert" className="text-destructive-strong">
          {problemText(commit.error ?? discard.error)}
        </p>
      ) : null}
    </li>
  );
}

/** The server's per-row problems of a refused file (the 422's details), each with its line. */
function problemsOf(error: unknown): string[] {
  if (!(error instanceof ApiError) || error.status !== 422) return [];
  return (error.details ?? [])
    .map((detail) => detail.message)
    .filter((message) => message.startsWith("Row "));
}

/**
 * What an import still holds, e.g. "6 posts, 7 days of followers" or "5 searches": what removing it takes away.
 */
export function holdsText({ holds }: Import): string {
  const parts = [
    holds.posts > 0 ? `${formatWhole(holds.posts)} ${holds.posts === 1 ? "post" : "posts"}` : "",
    holds.followerDays > 0
      ? `${formatWhole(holds.followerDays)} ${holds.followerDays === 1 ? "day" : "days"} of followers`
      : "",
    holds.keywords > 0
      ? `${formatWhole(holds.keywords)} ${holds.keywords === 1 ? "keyword" : "keywords"}`
      : "",
    holds.searchQueries > 0
      ? `${formatWhole(holds.searchQueries)} ${holds.searchQueries === 1 ? "search" : "searches"}`
      : "",
    holds.audienceSegments > 0 ? segmentsText(holds.audienceSegments) : "",
    holds.trafficMonths > 0 ? trafficText(holds.trafficMonths) : "",
    holds.creators > 0
      ? `${formatWhole(holds.creators)} ${holds.creators === 1 ? "creator" : "creators"}`
      : "",
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(", ") : "Nothing";
}

/** The names of the brand and its competitors by id, for the files uploaded for each. */
function useBrandNames(brand: Brand): Map<string, string> {
  const competitors = useQuery(brandCompetitorsOptions());
  return new Map<string, string>([
    [brand.id, brand.name],
    ...(competitors.data?.competitors ?? []).map((c): [string, string] => [c.id, c.name]),
  ]);
}

function ImportHistory({ brand }: { brand: Brand }) {
  const imports = useQuery(importsOptions());
  const [removing, setRemoving] = useState<Import>();
  const names = useBrandNames(brand);
  // Files waiting to be imported are shown above, with their actions.
  const history = (imports.data ?? []).filter((i) => i.status !== "pending");
  return (
    <SectionCard
      title="Import history"
      description="Every file uploaded for your brand and its competitors, newest first."
    >
      {imports.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : imports.isError ? (
        <ErrorState
          title="We could not load your imports"
          message={problemText(imports.error)}
          onRetry={() => void imports.refetch()}
          retrying={imports.isFetching}
        />
      ) : history.length === 0 ? (
        <EmptyState title="No import yet" description="The files you import above are listed here." />
      ) : (
        <Table aria-label="Import history">
          <TableHeader>
            <TableRow>
              <TableHead>File</TableHead>
              <TableHead>Brand</TableHead>
              <TableHead>Export</TableHead>
              <TableHead>Result</TableHead>
              <TableHead className="text-right">Rows stored</TableHead>
              <TableHead>Holds now</TableHead>
              <TableHead>Uploaded</TableHead>
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {history.map((item) => (
              <TableRow key={item.id}>
                <TableCell className="break-all">{item.fileName}</TableCell>
                <TableCell>{names.get(item.brandId) ?? "A former competitor"}</TableCell>
                <TableCell>
                  {item.format === "unknown" ? "Not recognised" : exportName(item.format)}
                </TableCell>
                <TableCell>
                  {item.status === "completed" ? (
                    <Badge tone="success">Imported</Badge>
                  ) : (
                    <Badge tone="error">Not imported</Badge>
                  )}
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  {formatWhole(item.imported)} of {formatWhole(item.rows)}
                </TableCell>
                <TableCell>{item.status === "completed" ? holdsText(item) : "Nothing"}</TableCell>
                <TableCell>
                  {formatDate(item.createdAt)}
                  <span className="text-muted-foreground block text-xs">
                    {item.uploadedBy ? `by ${item.uploadedBy}` : "by a former member"}
                  </span>
                </TableCell>
                <TableCell className="text-right">
                  <Button
                    emphasis="ghost"
                    size="sm"
                    aria-label={`Remove ${item.fileName}`}
                    onClick={() => setRemoving(item)}
                  >
                    Remove
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <RemoveImportDialog item={removing} onClose={() => setRemoving(undefined)} />
    </SectionCard>
  );
}

function RemoveImportDialog({ item, onClose }: { item: Import | undefined; onClose: () => void }) {
  const remove = useRemoveImportMutation();
  const holds = item?.status === "completed" ? holdsText(item) : "Nothing";
  return (
    <ConfirmRemoval
      open={item !== undefined}
      onClose={onClose}
      title={`Remove ${item?.fileName ?? "this import"}?`}
      description={
        holds === "Nothing"
          ? "It stored nothing: only its line in the history goes."
          : `${holds} it stored go with it, and the figures are recomputed without them. You can upload the file again later.`
      }
      action="Remove import"
      removal={remove}
      onConfirm={(close) => {
        if (item) remove.mutate(item.id, { onSuccess: close });
      }}
    />
  );
}
