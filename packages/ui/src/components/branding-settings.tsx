import * as React from "react";
import { cn } from "../lib/cn";
import { AvatarUpload } from "./avatar";
import { Button } from "./button";
import { TextField } from "./text-field";

const HEX = /^#[0-9a-f]{6}$/i;

export type BrandingSettingsProps = Omit<React.ComponentProps<"div">, "children"> & {
  /** Names the logo for screen readers: "<workspace> logo". */
  workspaceName: string;
  /** The stored logo's URL, or null. */
  logoUrl: string | null;
  /** The stored accent colour (`#rrggbb`), or null for the default theme. */
  accentColor: string | null;
  onLogoSelected: (file: File) => void;
  /** A chosen file that is not a PNG, JPEG or WebP picture. */
  onInvalidLogo?: (file: File) => void;
  onRemoveLogo: () => void;
  /** A colour that has the `#rrggbb` shape, or null to go back to the default theme. */
  onSaveAccent: (accentColor: string | null) => void;
  /** Why the last logo was refused (the server's message). */
  logoError?: string;
  /** Why the last colour was refused (the server's message: which contrast check failed and by how much). */
  accentError?: string;
  /** What is being saved: its button shows as busy. */
  busy?: "logo" | "accent";
  /**
   * Shown above the settings when they cannot be changed here: the upgrade prompt on a plan without branding, or why
   * the caller's role may not change them. The controls are then disabled.
   */
  lockedNotice?: React.ReactNode;
};

/**
 * The workspace's custom branding (logo and accent colour): a preview of each and the controls to change them.
 * Presentational: the app saves through its own API calls and passes back what was stored and any refusal.
 */
export function BrandingSettings({
  className,
  workspaceName,
  logoUrl,
  accentColor,
  onLogoSelected,
  onInvalidLogo,
  onRemoveLogo,
  onSaveAccent,
  logoError,
  accentError,
  busy,
  lockedNotice,
  ...props
}: BrandingSettingsProps) {
  const locked = Boolean(lockedNotice);
  return (
    <div data-slot="branding-settings" className={cn("flex flex-col gap-8", className)} {...props}>
      {lockedNotice ? <div data-slot="branding-settings-notice">{lockedNotice}</div> : null}
      <LogoSetting
        workspaceName={workspaceName}
        logoUrl={logoUrl}
        locked={locked}
        busy={busy === "logo"}
        error={logoError}
        onLogoSelected={onLogoSelected}
        onInvalidLogo={onInvalidLogo}
        onRemoveLogo={onRemoveLogo}
      />
      <AccentSetting
        accentColor={accentColor}
        locked={locked}
        busy={busy === "accent"}
        error={accentError}
        onSaveAccent={onSaveAccent}
      />
    </div>
  );
}

function LogoSetting(p: {
  workspaceName: string;
  logoUrl: string | null;
  locked: boolean;
  busy: boolean;
  error: string | undefined;
  onLogoSelected: (file: File) => void;
  onInvalidLogo: ((file: File) => void) | undefined;
  onRemoveLogo: () => void;
}) {
  const [refused, setRefused] = React.useState(false);
  const problem = refused
    ? "That file is not a picture we can use. Choose a PNG, JPEG or WebP image."
    : p.error;
  return (
    <section data-slot="branding-settings-logo" aria-label="Logo" className="flex items-start gap-5">
      <div className="bg-muted/40 grid h-24 w-48 shrink-0 place-items-center rounded-md border p-2">
        {p.logoUrl ? (
          <img
            src={p.logoUrl}
            alt={`${p.workspaceName} logo`}
            className="max-h-full max-w-full object-contain"
          />
        ) : (
          <span className="text-muted-foreground text-sm">No logo</span>
        )}
      </div>
      <div className="flex flex-col items-start gap-2">
        <p className="text-foreground text-sm font-medium">Logo</p>
        <div className="flex gap-2">
          <AvatarUpload
            label={p.logoUrl ? "Replace logo" : "Upload logo"}
            disabled={p.locked || p.busy}
            onFileSelected={(file) => {
              setRefused(false);
              p.onLogoSelected(file);
            }}
            onInvalidFile={(file) => {
              setRefused(true);
              p.onInvalidLogo?.(file);
            }}
          >
            {p.busy ? "Uploading…" : p.logoUrl ? "Replace logo" : "Upload logo"}
          </AvatarUpload>
          {p.logoUrl ? (
            <Button emphasis="ghost" size="sm" disabled={p.locked || p.busy} onClick={p.onRemoveLogo}>
              Remove logo
            </Button>
          ) : null}
        </div>
        <p className="text-muted-foreground text-xs">
          PNG, JPEG or WebP, up to 5 MB. Shown in the navigation, printouts and invitations, in proportion.
        </p>
        {problem ? (
          <p role="alert" className="text-destructive text-sm">
            {problem}
          </p>
        ) : null}
      </div>
    </section>
  );
}

function AccentSetting(p: {
  accentColor: string | null;
  locked: boolean;
  busy: boolean;
  error: string | undefined;
  onSaveAccent: (accentColor: string | null) => void;
}) {
  const [draft, setDraft] = React.useState(p.accentColor ?? "");
  const [shapeError, setShapeError] = React.useState<string>();
  // A saved or cleared colour replaces what was typed.
  React.useEffect(() => setDraft(p.accentColor ?? ""), [p.accentColor]);
  const valid = HEX.test(draft);
  return (
    <form
      data-slot="branding-settings-accent"
      aria-label="Accent colour"
      noValidate
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (!valid) {
          setShapeError("Enter a colour as # and six hexadecimal digits, for example #0f766e.");
          return;
        }
        setShapeError(undefined);
        p.onSaveAccent(draft.toLowerCase());
      }}
    >
      <div className="flex items-start gap-3">
        <TextField
          label="Accent colour"
          hint="Buttons and links in light and dark mode. It needs 3:1 against both backgrounds and 4.5:1 for text on it."
          className="max-w-md flex-1"
          value={draft}
          placeholder="#0f766e"
          spellCheck={false}
          autoComplete="off"
          disabled={p.locked}
          error={shapeError ?? p.error}
          touched
          onChange={(event) => {
            setDraft(event.currentTarget.value.trim());
            setShapeError(undefined);
          }}
        />
        {/* Level with the text input, under the field's label. */}
        <label className="mt-7 flex flex-col items-center">
          <span className="sr-only">Pick the accent colour</span>
          <input
            type="color"
            data-slot="branding-settings-swatch"
            className="border-input h-9 w-12 cursor-pointer rounded-md border bg-transparent p-1 disabled:cursor-not-allowed"
            value={valid ? draft.toLowerCase() : (p.accentColor ?? "#000000")}
            disabled={p.locked}
            onChange={(event) => {
              setDraft(event.currentTarget.value);
              setShapeError(undefined);
            }}
          />
        </label>
      </div>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={p.locked} loading={p.busy}>
          Save colour
        </Button>
        {p.accentColor ? (
          <Button
            emphasis="ghost"
            size="sm"
            disabled={p.locked || p.busy}
            onClick={() => p.onSaveAccent(null)}
          >
            Use the default colour
          </Button>
        ) : null}
      </div>
    </form>
  );
}
