import { type components, errorMessage, unwrap } from "@brandscope/api-client";
import { Button } from "@brandscope/ui/button";
import { ErrorState } from "@brandscope/ui/error-state";
import { SelectField } from "@brandscope/ui/select";
import { Skeleton } from "@brandscope/ui/skeleton";
import { Switch } from "@brandscope/ui/switch";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { patchUser } from "~/features/user/mutations";
import { api } from "~/lib/api";
import { notify } from "~/lib/notify";
import { isApiError } from "~/lib/problem";

type DigestPreference = components["schemas"]["DigestPreference"];

const digestOptions = () =>
  queryOptions({
    queryKey: ["digest"] as const,
    queryFn: ({ signal }) => unwrap(api.GET("/digest", { signal })),
  });

const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
const weekdayOptions = WEEKDAYS.map((label, i) => ({ value: String(i + 1), label }));
const hourOptions = Array.from({ length: 24 }, (_, hour) => ({
  value: String(hour),
  label: `${String(hour).padStart(2, "0")}:00`,
}));

/** The browser's IANA time zone, which the digest's hour can follow. */
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The member's own weekly digest of the current brand (docs/digest.md): on or off, its day and hour in their time
 * zone, and whether it carries the week's report as a PDF. Each change is saved at once; the answer is the
 * preference as stored.
 */
export function DigestSection() {
  const queryClient = useQueryClient();
  const digest = useQuery(digestOptions());
  const save = useMutation({
    mutationFn: (body: components["schemas"]["UpdateDigestPreferenceRequest"]) =>
      unwrap(api.PUT("/digest", { body })),
    onSuccess: (stored: DigestPreference) => {
      queryClient.setQueryData(digestOptions().queryKey, stored);
      notify.success("Your weekly digest has been saved.", { id: "digest-saved" });
    },
    onError: (error) => notify.warning(errorMessage(error), { id: "digest-saved" }),
  });
  const zone = useMutation({
    mutationFn: (timeZone: string) => unwrap(api.PATCH("/user", { body: { timeZone } })),
    onSuccess: (user) => {
      patchUser(queryClient, user);
      void queryClient.invalidateQueries({ queryKey: digestOptions().queryKey });
    },
    onError: (error) => notify.warning(errorMessage(error), { id: "digest-zone" }),
  });
  // No brand of one's own yet (the sample): the server answers 404 NO_BRAND, which is a state, not a failure.
  if (isApiError(digest.error, 404)) {
    return (
      <p className="text-muted-foreground text-sm">
        The weekly digest is about a brand of your own: connect one and choose its digest here.
      </p>
    );
  }
  if (digest.isError) {
    return (
      <ErrorState
        title="We could not load your digest"
        message={errorMessage(digest.error)}
        onRetry={() => void digest.refetch()}
        retrying={digest.isFetching}
      />
    );
  }
  if (!digest.data) return <Skeleton className="h-32 w-full" />;
  const { enabled, weekday, hour, timeZone, attachPdf } = digest.data;
  const here = browserZone();
  const busy = save.isPending || zone.isPending;
  return (
    <div className="flex flex-col gap-6">
      <Switch
        label="E-mail me the weekly digest of this brand"
        hint="What changed in the last seven days, with charts, from the figures of the modules."
        checked={enabled}
        disabled={busy}
        onCheckedChange={(checked) => save.mutate({ enabled: checked })}
      />
      <div className="grid grid-cols-2 gap-4">
        <SelectField
          label="Day"
          options={weekdayOptions}
          value={String(weekday)}
          disabled={busy || !enabled}
          onValueChange={(value) => save.mutate({ weekday: Number(value) })}
        />
        <SelectField
          label="Hour"
          options={hourOptions}
          value={String(hour)}
          disabled={busy || !enabled}
          onValueChange={(value) => save.mutate({ hour: Number(value) })}
        />
      </div>
      <Switch
        label="Attach the week's report as a PDF"
        hint="The content and competitor modules for the digest's seven days, laid out as a shared report's PDF."
        checked={attachPdf}
        disabled={busy || !enabled}
        onCheckedChange={(checked) => save.mutate({ attachPdf: checked })}
      />
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-muted-foreground text-sm">Times are in your time zone, {timeZone}.</p>
        {here && here !== timeZone ? (
          <Button size="sm" emphasis="secondary" disabled={busy} onClick={() => zone.mutate(here)}>
            Use this device's time zone ({here})
          </Button>
        ) : null}
      </div>
    </div>
  );
}
