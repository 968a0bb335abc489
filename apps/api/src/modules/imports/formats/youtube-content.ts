import { parseEnglishDate } from "../dates";
import type { ExportFormat } from "./format";

// Studio translates the headers into the account's language; each spelling here is taken from a real export
// (docs/import-formats.md §6: English, Portuguese "Dados da tabela.csv", German "Tabellendaten.csv", whose soft
// hyphens headerKey drops). Dates stay "Mar 25, 2023" in every language seen.
const CONTENT = ["Content", "Conteúdo", "Video"];
const TITLE = ["Video title", "Título do vídeo", "Videotitel"];
const PUBLISHED = [
  "Video publish time",
  "Horário de publicação do vídeo",
  "Veröffentlichungszeitpunkt des Videos",
];
const VIEWS = ["Views", "Visualizações", "Aufrufe"];
const WATCH_HOURS = ["Watch time (hours)", "Tempo de exibição (horas)", "Wiedergabezeit (Stunden)"];
const SUBSCRIBERS = ["Subscribers", "Inscritos", "Abonnenten"];
const IMPRESSIONS = ["Impressions", "Thumbnail impressions", "Impressões", "Impressionen"];
const IMPRESSIONS_CTR = [
  "Impressions click-through rate (%)",
  "Thumbnail click-through rate (%)",
  "Taxa de cliques de impressões (%)",
  "Klickrate der Impressionen (%)",
];

/** The summary row under the header, in the Content column. */
const TOTALS = new Set(["total", "gesamt"]);
/**
 * The last line of a channel's export past its 500 top videos, in the Content column: English, Portuguese and
 * German as real files write it.
 */
const TOP_RESULTS = [
  /^showing top ([\d,.\s]+) results$/i,
  /^mostrando os primeiros ([\d,.\s]+) resultados$/i,
  /^die ([\d,.\s]+) besten ergebnisse werden angezeigt$/i,
];

/** Soft hyphens, which the German export puts inside words of its cells too. */
const visible = (text: string) => text.replace(/\u00ad/g, "");

/**
 * YouTube Studio "Export current view", Table data.csv (docs/import-formats.md §6). Row 2 is `Total`; metric
 * columns are whatever the user selected, so every metric is optional. `(%)` columns hold bare percents.
 * Videos without a publish time (not public) and the "Showing top 500 results" line are skipped with a note,
 * never refused: real channels' files have both.
 */
export const youtubeContent: ExportFormat = {
  id: "youtube-content",
  label: "YouTube Studio content",
  kind: "post",
  signature: [CONTENT, TITLE, PUBLISHED],
  map(c) {
    // Ids starting with "-" are written with a leading space; text() trims it.
    const id = c.required(CONTENT);
    const label = visible(id);
    if (TOTALS.has(label.toLowerCase())) return null;
    const top = TOP_RESULTS.map((pattern) => pattern.exec(label)).find((m) => m !== null);
    if (top) {
      return {
        kind: "skipped",
        reason:
          `"${label}" is YouTube Studio's note that the export stops at the channel's top ${top[1]?.trim()} ` +
          "videos: the others are not in the file.",
      };
    }
    if (id !== "" && c.text(PUBLISHED) === null) {
      return {
        kind: "skipped",
        reason:
          "they have no Video publish time, which YouTube Studio leaves empty for videos that are not public " +
          "(private ones, for example); a post cannot be placed in time without it.",
      };
    }
    return {
      kind: "post",
      line: c.line,
      platform: "youtube",
      externalId: id,
      url: id ? `https://www.youtube.com/watch?v=${id}` : null,
      publishedAt: c.date(PUBLISHED, parseEnglishDate),
      text: c.text(TITLE),
      // A Short cannot be told apart for sure from this table (docs/import-formats.md §6).
      format: "video",
      likes: c.int(["Likes"]),
      comments: c.int(["Comments added"]),
      shares: c.int(["Shares"]),
      views: c.int(VIEWS),
      plays: null,
      // Studio's impressions are the thumbnail's, shown on YouTube: a measure apart from views.
      impressions: c.int(IMPRESSIONS),
      reach: null,
      metrics: {
        durationSec: c.int(["Duration"]),
        watchTimeHours: c.number(WATCH_HOURS, "decimal"),
        subscribers: c.int(SUBSCRIBERS),
        impressionsCtr: c.number(IMPRESSIONS_CTR, "percent"),
        estimatedRevenueUsd: c.number(["Estimated revenue (USD)", "Receita estimada (USD)"], "decimal"),
      },
    };
  },
};
