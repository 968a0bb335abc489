import type { HelpModule } from "@brandscope/ui/help-panel";
import { describe, expect, it } from "vitest";
import { helpModuleForPath } from "./help-module";
import { filterHelpTopics, type HelpTopicData, helpTopics } from "./help-topics";

const modules = ["content", "competitor", "audience", "influencer", "intent"] as const;

describe("filterHelpTopics", () => {
  const topic = (id: string, module: HelpModule): HelpTopicData => ({ id, module, title: id, body: [id] });
  const sample = [
    topic("general", "all"),
    topic("c1", "content"),
    topic("k1", "competitor"),
    topic("c2", "content"),
  ];
  const ids = (filter: HelpModule) => filterHelpTopics(sample, filter).map((t) => t.id);

  it("shows a module's own topics, in order, then the topics about every module", () => {
    expect(ids("content")).toEqual(["c1", "c2", "general"]);
    expect(ids("competitor")).toEqual(["k1", "general"]);
  });

  it("shows only the general topics for a module without topics of its own", () => {
    expect(ids("intent")).toEqual(["general"]);
  });

  it("shows everything under 'all', each topic once", () => {
    expect(ids("all")).toEqual(["c1", "k1", "c2", "general"]);
  });
});

describe("the help topics", () => {
  it("have unique ids", () => {
    const ids = helpTopics.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each(modules)("explain the %s module with topics of its own", (module) => {
    const own = filterHelpTopics(helpTopics, module).filter((t) => t.module === module);
    expect(own.length).toBeGreaterThanOrEqual(4);
  });

  it("cover the figures the brief names", () => {
    const text = helpTopics.map((t) => [t.title, ...t.body, t.source ?? ""].join(" ")).join(" ");
    for (const phrase of [
      "your median",
      "Best times",
      "Caption tone",
      "pillars",
      "Website metrics",
      "month before",
      "Personas",
      "Audience fit",
      "Authenticity",
      "Cost per click",
      "paid competition",
      "Search intent",
      "Not enough history",
      "Sample data",
      "CSV import",
      "top 3",
    ])
      expect(text.toLowerCase()).toContain(phrase.toLowerCase());
  });

  it("have a body and no empty paragraphs", () => {
    for (const topic of helpTopics) {
      expect(topic.body.length).toBeGreaterThan(0);
      for (const paragraph of topic.body) expect(paragraph.trim()).not.toBe("");
    }
  });
});

describe("helpModuleForPath", () => {
  it.each([
    ["/content", "content"],
    ["/competitor", "competitor"],
    ["/audience", "audience"],
    ["/audience/3f2a/details", "audience"],
    ["/influencer/abc/details", "influencer"],
    ["/intent", "intent"],
    ["/dashboard", "all"],
    ["/user/profile", "all"],
    ["/", "all"],
    ["/contentious", "all"],
  ])("%s → %s", (path, module) => {
    expect(helpModuleForPath(path)).toBe(module);
  });
});
