import { describe, expect, it } from "vitest";
import { extractWebsiteFacts } from "./extract";

// Shaped after real brand home pages: a head full of meta tags, icons in several sizes, a header and a
// footer linking the same accounts, share buttons on a blog teaser, and an article linking someone else.
const shopHome = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>
    Acme Outdoor &amp; Co. | Gear for every trail
  </title>
  <meta name="description" content="Tents, packs and boots   designed in Oslo.">
  <meta property="og:title" content="Acme Outdoor">
  <meta property="og:description" content="OG description">
  <meta property="og:image" content="https://cdn.acme.example/og/share-card.jpg">
  <meta property="og:url" content="https://acme.example/">
  <meta name="twitter:site" content="@AcmeTwitterMeta">
  <link rel="canonical" href="/en/">
  <link rel="icon" type="image/png" sizes="32x32" href="/favicon-32x32.png">
  <link rel="icon" type="image/png" sizes="16x16" href="/favicon-16x16.png">
  <link rel="apple-touch-icon" sizes="120x120" href="/icons/touch-120.png">
  <link rel="apple-touch-icon" sizes="180x180" href="../icons/touch-180.png?v=2">
  <link rel="stylesheet" href="/app.css">
</head>
<body>
  <header>
    <svg><title>Menu</title></svg>
    <a href="https://www.instagram.com/AcmeOutdoor/">Instagram</a>
    <a href="https://facebook.com/acmeoutdoor?ref=header">Facebook</a>
  </header>
  <article>
    <p>Our friends at <a href="https://www.instagram.com/trailfriends">@trailfriends</a> tested the tent.</p>
    <a href="https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Facme.example%2Fblog">Share</a>
    <a href="https://twitter.com/intent/tweet?text=Look">Tweet</a>
    <a href="https://x.com/share?url=https://acme.example">Post</a>
    <a href="https://www.linkedin.com/shareArticle?mini=true&url=x">Share on LinkedIn</a>
    <a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ">Our film</a>
    <a href="https://www.instagram.com/p/C0dE123/">A post</a>
  </article>
  <footer>
    <a href="https://instagram.com/acmeoutdoor">Instagram</a>
    <a href="https://www.facebook.com/AcmeOutdoor/">Facebook</a>
    <a href="https://www.tiktok.com/@acme.outdoor?lang=en">TikTok</a>
    <a href="https://no.linkedin.com/company/acme-outdoor/">LinkedIn</a>
    <a href="https://www.youtube.com/@AcmeOutdoor/videos">YouTube</a>
    <a href="https://x.com/AcmeOutdoor">X</a>
    <a href="mailto:hello@acme.example">Mail</a>
    <a href="/about">About</a>
  </footer>
</body>
</html>`;

describe("extractWebsiteFacts", () => {
  const facts = extractWebsiteFacts(shopHome, "https://acme.example/en/index.html");

  it("takes og:title before <title>, and the meta description before og:description", () => {
    expect(facts.title).toBe("Acme Outdoor");
    expect(facts.description).toBe("Tents, packs and boots designed in Oslo.");
  });

  it("prefers the largest apple-touch-icon, resolved against the page URL", () => {
    expect(facts.logoUrl).toBe("https://acme.example/icons/touch-180.png?v=2");
  });

  it("resolves the canonical URL", () => {
    expect(facts.canonicalUrl).toBe("https://acme.example/en/");
  });

  it("finds one normalised profile per platform and ignores share links, posts and videos", () => {
    expect(facts.socialLinks).toEqual({
      facebook: "https://www.facebook.com/acmeoutdoor",
      instagram: "https://www.instagram.com/acmeoutdoor", // linked twice; @trailfriends once
      tiktok: "https://www.tiktok.com/@acme.outdoor",
      linkedin: "https://www.linkedin.com/company/acme-outdoor",
      youtube: "https://www.youtube.com/@AcmeOutdoor",
      twitter: "https://x.com/acmeoutdoor", // a link beats the twitter:site meta
    });
  });

  it("falls back to <title>, og:description, icon links, then og:image", () => {
    const page = `<html><head><title> Plain  Shop </title>
      <meta property="og:description" content="Only OG">
      <link rel="shortcut icon" href="favicon.ico">
      <meta name="twitter:site" content="@plainshop"></head><body></body></html>`;
    expect(extractWebsiteFacts(page, "https://plain.example/shop/")).toEqual({
      title: "Plain Shop",
      description: "Only OG",
      logoUrl: "https://plain.example/shop/favicon.ico",
      canonicalUrl: undefined,
      socialLinks: { twitter: "https://x.com/plainshop" },
      feedUrls: [],
    });
    const ogOnly = `<meta property="og:image" content="/img/brand.png"><meta property="og:url" content="/home">`;
    expect(extractWebsiteFacts(ogOnly, "https://og.example/a/b")).toMatchObject({
      logoUrl: "https://og.example/img/brand.png",
      canonicalUrl: "https://og.example/home",
    });
  });

  it("resolves relative URLs against <base href> and ignores data: and javascript: logos", () => {
    const page = `<head><base href="https://static.example/site/">
      <link rel="icon" href="data:image/png;base64,AAAA">
      <link rel="icon" sizes="64x64" href="img/logo-64.png">
      <link rel="canonical" href="javascript:void(0)"></head>
      <a href="//www.youtube.com/channel/UC123abc">YT</a>`;
    expect(extractWebsiteFacts(page, "https://brand.example/")).toMatchObject({
      logoUrl: "https://static.example/site/img/logo-64.png",
      canonicalUrl: undefined,
      socialLinks: { youtube: "https://www.youtube.com/channel/UC123abc" },
    });
  });

  it("returns nothing rather than guessing on an empty or broken page", () => {
    expect(
      extractWebsiteFacts("<html><title></title><a href='http://['>x</a>", "https://e.example/"),
    ).toEqual({
      title: undefined,
      description: undefined,
      logoUrl: undefined,
      canonicalUrl: undefined,
      socialLinks: {},
      feedUrls: [],
    });
  });

  it("finds the RSS and Atom feeds the page declares, resolved and once each", () => {
    const page = `<head><link rel="alternate" type="application/rss+xml" title="Posts" href="/feed/">
      <link rel="alternate" type="application/atom+xml" href="https://brand.example/atom.xml">
      <link rel="alternate" type="application/rss+xml" href="/feed/">
      <link rel="alternate" hreflang="fr" href="/fr/">
      <link rel="alternate" type="application/json+oembed" href="/oembed"></head>`;
    expect(extractWebsiteFacts(page, "https://brand.example/").feedUrls).toEqual([
      "https://brand.example/feed/",
      "https://brand.example/atom.xml",
    ]);
  });
});
