import { describe, expect, it } from "vitest";
import { pickSocialProfiles, toSocialProfile } from "./social-links";

const base = "https://acme.example/";

describe("toSocialProfile", () => {
  it.each([
    ["https://m.facebook.com/AcmeOutdoor/?ref=page", "facebook", "https://www.facebook.com/acmeoutdoor"],
    [
      "https://www.facebook.com/profile.php?id=100064",
      "facebook",
      "https://www.facebook.com/profile.php?id=100064",
    ],
    ["http://instagr.am/acme_co", "instagram", "https://www.instagram.com/acme_co"],
    ["https://www.tiktok.com/@Acme", "tiktok", "https://www.tiktok.com/@acme"],
    ["https://www.linkedin.com/in/jane-doe", "linkedin", "https://www.linkedin.com/in/jane-doe"],
    ["https://youtube.com/c/AcmeTV", "youtube", "https://www.youtube.com/c/AcmeTV"],
    ["https://www.youtube.com/user/acmevideos", "youtube", "https://www.youtube.com/user/acmevideos"],
    ["https://mobile.twitter.com/Acme_Co", "twitter", "https://x.com/acme_co"],
  ])("normalises %s", (href, platform, url) => {
    expect(toSocialProfile(href, base)).toEqual({ platform, url });
  });

  it.each([
    "https://www.facebook.com/sharer/sharer.php?u=x",
    "https://www.facebook.com/dialog/share?app_id=1",
    "https://www.facebook.com/groups/hikers",
    "https://twitter.com/intent/tweet?text=x",
    "https://x.com/share?url=x",
    "https://twitter.com/acme/status/123",
    "https://www.linkedin.com/shareArticle?mini=true",
    "https://www.linkedin.com/sharing/share-offsite/?url=x",
    "https://www.instagram.com/p/abc/",
    "https://www.instagram.com/explore/tags/tents/",
    "https://www.tiktok.com/@acme/video/123",
    "https://www.tiktok.com/tag/tents",
    "https://www.youtube.com/watch?v=1",
    "https://www.youtube.com/embed/1",
    "https://youtu.be/1",
    "https://notfacebook.com/acme",
    "mailto:acme@facebook.com",
    "/instagram",
  ])("ignores %s", (href) => {
    expect(toSocialProfile(href, base)).toBeUndefined();
  });
});

describe("pickSocialProfiles", () => {
  it("keeps the most linked profile per platform, the first one on a tie", () => {
    expect(
      pickSocialProfiles([
        { platform: "instagram", url: "https://www.instagram.com/guest" },
        { platform: "instagram", url: "https://www.instagram.com/acme" },
        { platform: "instagram", url: "https://www.instagram.com/acme" },
        { platform: "twitter", url: "https://x.com/first" },
        { platform: "twitter", url: "https://x.com/second" },
      ]),
    ).toEqual({ instagram: "https://www.instagram.com/acme", twitter: "https://x.com/first" });
  });
});
