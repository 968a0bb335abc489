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
import { formatDate } from "../modules/format";
import { SectionCard } from "../modules/module-page";
import { WithBrand } from "../modules/with-brand";
import { brandCompetitorsOptions } from "../onboarding/queries";
import { useRemoveImportMutation, useUploadExportMutation } from "./mutations";
import { importsOptions } from "./queries";
import { YoutubeConnectorSection } from "./youtube-connector";

type Import = components["schemas"]["Import"];

/** One file dropped or chosen, and what became of it. */
type Upload =
  | { id: number; name: string; status: "uploading" }
  | { id: number; name: string; status: "imported"; result: Import }
  | { id: number; name: string; status: "refused"; message: string; problems: string[] };

const OWN = "own";

/**
 * Data sources (issue 16): upload the platforms' analytics exports for the brand or one of its competitors, and
 * see every import with what it stored. Files go one after another; each is imported whole or refused whole,
 * with its problems by line.
 */
export function DataSourcesScreen() {
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <header className="flex flex-col gap-1.5">
        <h1 className="text-foreground text-2xl font-semibold tracking-tight">Data sources</h1>
        <p className="text-muted-foreground text-sm">
          Upload the analytics exports of your brand and its competitors: their posts, followers and keywords
          feed every module.
        </p>
      </header>
      <WithBrand noBrand="Connect your brand first; then upload its exports here.">
        {(brand) =>
          brand.sample ? (
            <EmptyState
              title="The sample brand comes with its data"
              description="Imports are for your own brand and its competitors. Connect your own brand to upload its exports."
              action={
                <ButtonLink to="/questionnaire/$" params={{ _splat: "connect_own" }}>
                  Connect your brand
                </ButtonLink>
              }
            />
          ) : (
            <>
              <UploadSection brand={brand} />
              <YoutubeConnectorSection />
              <ImportHistory brand={brand} />
            </>
          )
        }
      </WithBrand>
    </div>
  );
}

function UploadSection({ brand }: { brand: Brand }) {
  const competitors = useQuery(brandCompetitorsOptions());
  const [target, setTarget] = useState(OWN);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const upload = useUploadExportMutation();
  const busy = uploads.some((u) => u.status === "uploading");
  const targets = [
    { value: OWN, label: `${brand.name} (your brand)` },
    ...(competitors.data?.competitors ?? []).map((c) => ({ value: c.id, label: c.name })),
  ];

  const send = async (files: File[]) => {
    const brandId = target === OWN ? undefined : target;
    const first = Date.now();
    const queued = files.map((file, index) => ({
      id: first + index,
      name: file.name,
      status: "uploading" as const,
    }));
    setUploads((previous) => [...queued, ...previous]);
    // One after another: each import recomputes the brand's figures, and the server takes one upload at a time.
    for (const [index, file] of files.entries()) {
      const id = first + index;
      let next: Upload;
      try {
        next = {
          id,
          name: file.name,
          status: "imported",
          result: await upload.mutateAsync({ file, brandId }),
        };
      } catch (error) {
        next = {
          id,
          name: file.name,
          status: "refused",
          message: problemText(error),
          problems: problemsOf(error),
        };
      }
      setUploads((previous) => previous.map((u) => (u.id === id ? next : u)));
    }
  };

  return (
    <SectionCard
      title="Upload exports"
      description="CSV exports of Facebook, Instagram, TikTok, LinkedIn, X and YouTube, Google Ads Keyword Planner and Search Console. TikTok and LinkedIn have no API we may use: their exports are the way in."
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
          description="One or several files; each is imported whole or not at all. Importing a file again changes nothing."
          accept=".csv,text/csv"
          disabled={busy}
          onFiles={(files) => void send(files)}
        />
        {uploads.length > 0 ? (
          <ul aria-label="Uploads" className="flex flex-col gap-3">
            {uploads.map((u) => (
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
      {upload.status === "uploading" ? <Progress label={`Importing ${upload.name}`} /> : null}
      {upload.status === "imported" ? (
        <p className="text-muted-foreground">
          {formatLabel(upload.result.format)}: {upload.result.imported} of {upload.result.rows}{" "}
          {upload.result.rows === 1 ? "row" : "rows"} stored. The figures are being recomputed.
        </p>
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

/** The server's per-row problems of a refused file (the 422's details), each with its line. */
function problemsOf(error: unknown): string[] {
  if (!(error instanceof ApiError) || error.status !== 422) return [];
  return (error.details ?? [])
    .map((detail) => detail.message)
    .filter((message) => message.startsWith("Row "));
}

/** meta-facebook-posts → Meta facebook posts: the format's id, readable. */
function formatLabel(format: string): string {
  const words = format.split("-").join(" ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** What an import still holds, e.g. "6 posts, 7 days of followers": what removing it takes away. */
export function holdsText({ holds }: Import): string {
  const parts = [
    holds.posts > 0 ? `${holds.posts} ${holds.posts === 1 ? "post" : "posts"}` : "",
    holds.followerDays > 0
      ? `${holds.followerDays} ${holds.followerDays === 1 ? "day" : "days"} of followers`
      : "",
    holds.keywords > 0 ? `${holds.keywords} ${holds.keywords === 1 ? "keyword" : "keywords"}` : "",
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(", ") : "Nothing";
}

function ImportHistory({ brand }: { brand: Brand }) {
  const imports = useQuery(importsOptions());
  const [removing, setRemoving] = useState<Import>();
  const competitors = useQuery(brandCompetitorsOptions());
  const names = new Map<string, string>([
    [brand.id, brand.name],
    ...(competitors.data?.competitors ?? []).map((c): [string, string] => [c.id, c.name]),
  ]);
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
      ) : imports.data.length === 0 ? (
        <EmptyState title="No import yet" description="The files you upload above are listed here." />
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
            {imports.data.map((item) => (
              <TableRow key={item.id}>
                <TableCell className="break-all">{item.fileName}</TableCell>
                <TableCell>{names.get(item.brandId) ?? "A former competitor"}</TableCell>
                <TableCell>
                  {item.format === "unknown" ? "Not recognised" : formatLabel(item.format)}
                </TableCell>
                <TableCell>
                  {item.status === "completed" ? (
                    <Badge tone="success">Imported</Badge>
                  ) : (
                    <Badge tone="error">Not imported</Badge>
                  )}
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  {item.imported} of {item.rows}
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
