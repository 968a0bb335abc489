import type { HelpModule } from "@brandscope/ui/help-panel";

/*
 * The help panel's content, as data: what each figure means and where it comes from, for marketers. It follows
 * the analytics methods (docs/analytics-methods.md): change a threshold there, change the words here. This
 * file loads with the panel (help-panel-content.tsx), never with the layout.
 */
export type HelpTopicData = {
  /** Stable and unique: the accordion's value. */
  id: string;
  /** The module it explains, or "all" for a topic about every module (listed under each filter). */
  module: HelpModule;
  title: string;
  /** What the figure means: one paragraph per entry. */
  body: readonly string[];
  /** Where it comes from: the data behind it and how it is worked out. */
  source?: string;
};

export const helpTopics: readonly HelpTopicData[] = [
  // Content
  {
    id: "content-engagement-rate",
    module: "content",
    title: "Engagement rate",
    body: [
      "The share of your audience that interacted with a post. On Facebook, Instagram, LinkedIn and X (Twitter) it is interactions divided by your followers on the day of the post; on TikTok and YouTube, where views are public, it is interactions divided by views.",
      "Interactions are what each network shows publicly: reactions, comments and shares on Facebook and LinkedIn; likes and comments on Instagram and YouTube; likes, comments and shares on TikTok; likes, replies and reposts on X. Compare rates within one network, not across networks. A period's rate is the average of its posts' rates. A post whose likes or comments are unknown (an export without those columns, or a count the network hides) has no rate: it is left out, never counted as 0, and the figure says how many posts it left out.",
    ],
    source:
      "Public post counts and follower counts. A post without a follower count from the week before it (or one we can interpolate) is left out rather than guessed. We have no reach or impressions, so no figure is 'by reach'.",
  },
  {
    id: "content-by-network",
    module: "content",
    title: "Content by network",
    body: [
      "How many posts your brand published on each network in the period, as counts and as a share of all your posts, with the mix of formats (image, video, carousel, reel or short, text, link).",
      "A network without posts in the period says so; it is never drawn as a zero.",
    ],
    source: "Your brand's posts in the selected period, counted per network.",
  },
  {
    id: "content-keywords",
    module: "content",
    title: "Keywords by posts",
    body: [
      "The words, phrases and hashtags your captions use most, ranked by how many posts use them (not how often), so one long post cannot dominate. Links, @mentions, common words, platform names and your own brand name are left out.",
    ],
    source: "The text of your posts in the period. Needs at least 20 posts with text.",
  },
  {
    id: "content-top-posts",
    module: "content",
    title: "Top and under-performing posts ('2.4× your median')",
    body: [
      "Each post's engagement rate against your usual: '2.4× your median' means the post did 2.4 times as well as the middle one of your other posts on the same network (and in the same format, when there are enough of them) over the 90 days before it.",
      "Top posts did at least twice as well as your usual; under-performing posts at most half as well. Only posts at least 3 days old (7 days on YouTube) count, because engagement is still coming in before that.",
    ],
    source:
      "Your own posts, so a small account's hit counts as much as a big one's. Needs at least 10 earlier posts on that network to compare with.",
  },
  {
    id: "content-audit-frequency",
    module: "content",
    title: "Posting frequency and consistency",
    body: [
      "Posts per week on each network, how steady that rhythm is from week to week, and your longest gap without a post, next to the average of the competitors you follow.",
    ],
    source: "Your posts over complete weeks of the period. Needs at least 4 complete weeks.",
  },
  {
    id: "content-best-times",
    module: "content",
    title: "Best times to post",
    body: [
      "The three weekday and time slots (3-hour blocks, in your brand's time zone) in which your posts got the best engagement, each with the number of posts behind it. Slots with few posts are pulled towards your overall level, so one lucky post does not make a slot.",
      "It shows when your posts did well, not when your audience is online: treat it as a starting point to test.",
    ],
    source:
      "Your posts of the last 16 weeks on that network. Needs at least 30 posts over 4 weeks; a slot shows only with 5 posts or more.",
  },
  {
    id: "content-caption-tone",
    module: "content",
    title: "Caption tone",
    body: [
      "The share of your captions that read as positive, neutral or negative. It is the tone of what your brand posts, not what your audience feels: comments are not collected.",
      "It is scored with word lists, which miss sarcasm, slang and industry words ('sick', 'killer deal') and read negation well only in English. Treat the shares as indicative, not exact.",
    ],
    source:
      "Captions in English, Spanish, Portuguese, French, German, Italian and Dutch; posts in other languages are left out and the coverage is shown. Needs at least 20 scored posts.",
  },
  {
    id: "content-pillars",
    module: "content",
    title: "Content pillars",
    body: [
      "The themes your posts keep coming back to, found automatically and named after their most distinctive words. The percentage is the share of your posts in each pillar; large pillars are split into sub-pillars, and very small ones are grouped as 'Other'.",
      "Pillars keep their names and colours from one refresh to the next while their posts stay alike. When themes do not separate clearly, the architecture is marked as low confidence.",
    ],
    source:
      "The words and hashtags of your captions, grouped by similarity. Needs at least 100 posts with a few words each.",
  },

  // Competitors
  {
    id: "competitor-side-by-side",
    module: "competitor",
    title: "Side-by-side comparison",
    body: [
      "For your brand and each competitor, per network: followers, follower growth over the period, posts per week, engagement per post and engagement rate, measured the same way for everyone.",
      "The competitor average leaves your brand out; a company without that network, or without data for it, is left out rather than counted as zero, and the number of companies is shown.",
      "Every company is compared over the same days, shown above the charts: the period ends on the latest day any of them has data for. A company whose imported data stops before then says so, with what to do, instead of showing zeros.",
    ],
    source: "Public profiles and posts of each company, over the same days.",
  },
  {
    id: "competitor-audience-by-platform",
    module: "competitor",
    title: "Audience by platform",
    body: [
      "How each company's followers split across networks: the percentage is that network's share of the company's total followers.",
    ],
    source: "The latest follower count of each profile.",
  },
  {
    id: "competitor-website-metrics",
    module: "competitor",
    title: "Website metrics",
    body: [
      "Overall traffic: visits to the website in the month (a visit ends after 30 minutes without activity). Search traffic: the visits that came from search engines. Pages per visit and average visit duration: averages over all visits, with visits that leave at once counting as 0 seconds. Backlinks: links from other sites pointing to it, at the latest reading of the month.",
      "Each figure compares the latest complete month with the month before, so the current month never shows half-counted. Articles per week is the exception: it counts the articles of each website's feed or sitemap over the period, against the period before.",
    ],
    source:
      "The sample brand's figures are web-traffic panel estimates. Your own brand's come from its Google Analytics 4 traffic export (see 'Your website traffic from Google Analytics 4'); a figure that export does not give, such as backlinks, reads 'Not available' with the reason. Competitors' traffic exports (Similarweb, Semrush) are not read yet.",
  },
  {
    id: "competitor-change",
    module: "competitor",
    title: "Increased, decreased or no change",
    body: [
      "The change is (this month − last month) ÷ last month. Anything under 2% reads as 'No change', because panel estimates move that much on their own; so do changes too small to show (0.05 pages, 3 seconds, 1 backlink).",
      "When last month was zero, the figure is new and has no percentage.",
    ],
    source:
      "Two complete months of website data; with only one you see 'Not enough history (needs 2 complete months, has 1)'.",
  },
  {
    id: "competitor-traffic-by-country",
    module: "competitor",
    title: "Traffic by country",
    body: [
      "The map shades each country by its share of the website's visits in the latest complete month. When your Google Analytics 4 export has no Sessions column, the shares are of engaged sessions, and the map's description says so.",
    ],
    source: "The same sources as the website metrics.",
  },
  {
    id: "competitor-ga4-traffic",
    module: "competitor",
    title: "Your website traffic from Google Analytics 4",
    body: [
      "In Google Analytics, open Reports → User → Demographics → Demographic details and choose Country. To compare months, add Date as a second dimension, or export one calendar month at a time; add the Sessions metric (Customize report) to get overall traffic and visit duration too. Then download the table as CSV and drop it on Data sources for your brand.",
      "Each country's visits are stored by month; a newer export of the same months replaces them, and removing the import removes them. Countries Google Analytics could not place count toward the totals but are not on the map, and the import names any country it could not match.",
    ],
    source: "A Google Analytics 4 report exported as CSV (CSV import), for your own brand only.",
  },
  {
    id: "competitor-limits",
    module: "competitor",
    title: "How many competitors can I follow?",
    body: ["1 on Starter, 5 on Professional and 10 per brand on Enterprise."],
  },

  // Audience
  {
    id: "audience-personas",
    module: "audience",
    title: "Where do personas come from?",
    body: [
      "Personas are groups of people in your audience who share interests and habits. We look at your audience segments (age, gender, country, interests and, when the source says, favourite networks) and find the few patterns that explain them best; each pattern becomes a persona, sized by how many people follow it.",
      "Names and descriptions are made up to be memorable, from common names for the persona's country, gender and age and from its strongest interest. They are not real people.",
    ],
    source:
      "Your audience segments: the sample brand's, or your own brand's from a Google Analytics 4 audience export. Needs at least 5 segments with interests. Personas keep their names and colours from one refresh to the next while they stay alike.",
  },
  {
    id: "audience-demographics",
    module: "audience",
    title: "Share of audience and demographics",
    body: [
      "Share of audience is the part of your whole audience that the persona stands for. Age, gender and country show how that persona's people split; a value is called 'Mixed' when no single answer covers most of them.",
    ],
    source: "The audience segments behind the persona, weighted by their size.",
  },
  {
    id: "audience-interests",
    module: "audience",
    title: "Interests radar",
    body: [
      "How strongly each interest shows in the persona, from 0 to 100, where 100 is its strongest interest. The tooltip's index compares with your whole audience: 100 is average, above 100 means this persona cares about it more than most of your audience.",
    ],
    source: "The interests of the persona's audience segments.",
  },
  {
    id: "audience-platforms-activity",
    module: "audience",
    title: "Platforms, engagement and activity",
    body: [
      "Platforms shows where the persona spends its time, as shares that add up to 100%. Engagement and activity over time are estimated: your own engagement on each network, weighted by the persona's platform mix.",
    ],
    source:
      "The persona's platform mix and your engagement of the last 90 days. Activity needs 3 months. Personas from a Google Analytics 4 export have no platform mix (a website does not know its visitors' networks), so they show neither.",
  },
  {
    id: "audience-ga4-import",
    module: "audience",
    title: "Your own personas from Google Analytics 4",
    body: [
      "Your brand's personas come from your website visitors' age, gender, country and interests, which Google Analytics 4 can export. In Google Analytics, open Explore and start a Free form exploration. Pick a date range (the last 90 days works well), then under Dimensions add Age, Gender, Country and Interests, and under Metrics add Active users (or Total users). Drag the four dimensions into Rows and the metric into Values, and show enough rows to see them all (Show rows: 500 or more). Then, at the top right of the exploration, choose Export data → Download CSV.",
      "On Data sources, choose your brand under 'Whose data is it?' and drop the file. Each age, gender and country combination becomes one audience segment; personas need at least 5 of them. Interests Google describes that Brandscope has no interest for (such as movies or pets) are left out, and the import says which. The latest audience file you import replaces the earlier one, and removing the import removes its personas.",
      "Google only shows demographics and interests when Google signals is turned on for the property and enough visitors were seen; it hides small groups, so a short period or a small site may give too few segments. The export cannot say which social networks your visitors use: those personas have no platform mix, and no engagement or activity estimate.",
    ],
    source:
      "A Google Analytics 4 exploration exported as CSV (CSV import), for your own brand only: it describes your website's visitors, not a competitor's.",
  },
  {
    id: "audience-limits",
    module: "audience",
    title: "Why do I see only 3 personas?",
    body: ["Starter shows your top 3 personas by size; Professional and Enterprise show them all."],
  },

  // Influencers
  {
    id: "influencer-sources",
    module: "influencer",
    title: "Where do the influencers come from?",
    body: [
      "Your brand is ranked against its own pool of creators. The sample brand's pool is the sample data's generated creators: they are not real people, so your own brand never sees them.",
      "Brandscope cannot find or import creators for your own brand yet, so its list stays empty for now.",
    ],
  },
  {
    id: "influencer-score",
    module: "influencer",
    title: "How influencers are ranked",
    body: [
      "The score (0–100) adds up three things: how good the influencer's engagement rate is for an account of that size on that network (40%), how well their audience matches your personas (45%), and how close their topics are to your content pillars and your personas' interests (15%).",
      "Authenticity is shown beside the score, not counted in it.",
    ],
    source: "Public profiles and posts of the influencers, and your personas. Ties go to the larger account.",
  },
  {
    id: "influencer-engagement",
    module: "influencer",
    title: "Influencer engagement rate",
    body: [
      "Typical interactions per post divided by followers (by views on TikTok and YouTube), over their last 12 posts of the past 90 days. The typical post counts, so one viral post does not lift the rate.",
      "Engagement falls as accounts grow, so each influencer is compared with accounts of a similar size on the same network.",
    ],
    source:
      "Needs at least 6 posts in 90 days. Where our own data has too few similar accounts, published industry benchmarks are used instead.",
  },
  {
    id: "influencer-audience-fit",
    module: "influencer",
    title: "Audience fit",
    body: [
      "How closely the influencer's audience looks like your best-matching persona: interests count most, then age and country, then gender. The persona it matches is shown with the figure.",
    ],
    source:
      "The influencer's audience profile and your personas. With fewer than two of those details known, fit is not shown.",
  },
  {
    id: "influencer-authenticity",
    module: "influencer",
    title: "Authenticity",
    body: [
      "How much of the following looks genuine, with the warning signs behind it as flags: a sudden follower spike, a sharp drop (often a clean-up of fake accounts), jumps by round numbers, engagement far too low or suspiciously high for the account's size, likes that are unusually uniform from post to post, or an unusual comments-to-likes ratio.",
      "A flag is evidence to check, not a verdict: a spike can also be a giveaway, a shout-out or an ad.",
    ],
    source:
      "Daily follower counts and recent posts. Spike flags need 30 days of follower counts; the uniform-likes flag needs 12 posts.",
  },
  {
    id: "influencer-chart",
    module: "influencer",
    title: "Audience size against engagement",
    body: [
      "Each bubble is an influencer: further right means more followers (on a log scale), higher means a better engagement rate, and a bigger bubble means a better audience fit.",
    ],
  },
  {
    id: "influencer-limits",
    module: "influencer",
    title: "Why do I see only 3 influencers?",
    body: [
      "Starter shows the top 3 influencers for your industry; Professional and Enterprise show them all.",
    ],
  },

  // Intent
  {
    id: "intent-sources",
    module: "intent",
    title: "Where do my keywords come from?",
    body: [
      "Intent lists your brand's own keywords: a Google Ads Keyword Planner export imported on Data sources, and the volumes and costs per click of Google Ads, once connected there (for your keywords and for the queries Search Console lists for your website).",
      "Your searches, below the keywords, are the queries your website was shown for in Google Search, from a Search Console export or the Search Console connector, with their clicks, impressions, click-through rate and average position for the period you choose. They are not search volume: impressions count only the searches your website appeared in.",
      "The industry keywords of the sample data belong to the sample brand only.",
      "A Google Ads account without active campaigns sees monthly searches only as ranges, and so does its Keyword Planner export: Intent shows those keywords' searches as the range (such as 10K–100K), sorts them by its lower end, draws them in the chart at the range's geometric middle, and leaves them out of the volume-weighted cost per click.",
    ],
  },
  {
    id: "intent-search-intent",
    module: "intent",
    title: "Search intent",
    body: [
      "What someone typing the keyword most likely wants: navigational (to reach a brand or its site), transactional (to buy: 'price', 'discount', 'order'), commercial (to compare: 'best', 'review', 'vs') or informational (to learn: 'how', 'what', 'ideas').",
      "A keyword can carry more than one intent; the strongest is shown first. Keywords with no telltale words are marked informational with low confidence.",
    ],
    source: "The words of the keyword and your brand's and competitors' names.",
  },
  {
    id: "intent-cpc",
    module: "intent",
    title: "Cost per click",
    body: [
      "What advertisers pay on average for one click on a search ad for the keyword, in US dollars: a sign of how much the traffic is worth. Totals across keywords are weighted by search volume.",
    ],
    source: "Keyword-planner data per country. Keywords without a cost per click stay in the table only.",
  },
  {
    id: "intent-competition",
    module: "intent",
    title: "Competition",
    body: [
      "How many advertisers bid on the keyword in paid search, from 0 to 100% (low up to 33%, medium up to 66%, high above). It is paid competition, not how hard it is to rank in organic results.",
      "In the chart, the bigger the bubble, the more competition.",
    ],
    source: "Keyword-planner data per country.",
  },
  {
    id: "intent-volume-trend",
    module: "intent",
    title: "Monthly searches and trend",
    body: [
      "Monthly searches is the average over the last 12 months. The trend compares the last 3 months with the 3 before: rising or falling when searches moved by 20% or more.",
    ],
    source: "Monthly search volumes; a year-on-year change needs 13 months.",
  },

  // Every module
  {
    id: "all-periods",
    module: "all",
    title: "Periods and 'Not enough history'",
    body: [
      "Figures cover the period you pick (7, 30 or 90 days, 12 months or custom dates), counted in complete days in your brand's time zone; website figures use complete calendar months. Changes compare with the period just before.",
      "'Not enough history' means there is too little data yet for a fair figure, for example fewer than 20 posts for keywords; the sentence after it says what is missing and what to do. It is never shown as zero; it fills in as data comes in.",
    ],
  },
  {
    id: "all-provenance",
    module: "all",
    title: "Where the data comes from: 'Sample data', 'CSV import', connected platforms",
    body: [
      "Each module says under its figures where they come from and when they were last updated. 'Sample data' is the demo brand, to explore before connecting your own. 'Website' means only your website has been read so far. 'CSV import' names the exports your figures rest on, for example 'Meta Instagram posts, Meta Facebook posts (CSV import)': the content and competitor modules name the files with posts and followers, intent the keyword files. 'Data provider' names the connected platforms the figures rest on: YouTube, Instagram, Search Console, Google Ads. Older figures keep their date.",
    ],
  },
  {
    id: "all-imports",
    module: "all",
    title: "Importing the networks' exports",
    body: [
      "On Data sources, drop the CSV files the networks let you export (Facebook, Instagram, TikTok, LinkedIn, X, YouTube, Google Ads Keyword Planner, Search Console, and your own brand's Google Analytics 4 audience) for your brand or a competitor. Each file is read and checked first: you see what it holds (which export, whose, how many rows, which days) and import it or discard it; a file waits 24 hours. A file is imported whole or not at all: a row that cannot be read is shown with its line, and nothing of that file is stored until it is fixed. Lines an export writes as a matter of course are skipped with a note instead, such as YouTube Studio's videos without a publish time and its 'Showing top 500 results' line; a count the file lacks is kept as unknown, never 0. Importing the same file again changes nothing. Files of up to 50 MB are read (about 200,000 rows).",
      "The import history says who uploaded each file and what it still holds. Removing an import removes its posts, follower totals, keywords and audience segments, and the figures are worked out again without them.",
    ],
    source:
      "TikTok and LinkedIn let no outside tool read other companies' accounts: their exports are the way in.",
  },
  {
    id: "all-youtube",
    module: "all",
    title: "Connecting YouTube",
    body: [
      "On Data sources, enter a YouTube Data API key (Google Cloud console, APIs & Services, Credentials) and the channel of your brand and of each competitor: an @handle or a youtube.com link. We read each channel's subscribers and its newest videos with their views, likes and comments, then once a day at a set hour; 'Read again now' reads them at once.",
      "Google gives each key a daily quota (10,000 units; reading a channel costs about 5). When it is used up the connector says when reading resumes (midnight Pacific time). If YouTube refuses the key, enter a new one. Your key is stored encrypted and never shown again.",
    ],
    source:
      "The YouTube Data API v3: channels, uploads playlists and videos. Subscribers appear as the channel's YouTube audience; hidden counts are never guessed.",
  },
  {
    id: "all-instagram",
    module: "all",
    title: "Connecting Instagram",
    body: [
      "On Data sources, connect with Facebook Login, using the Facebook account that manages the Page linked to your brand's Instagram business or creator account. Through it we read the Instagram of your brand and of each competitor (from the Instagram links on the Brand screen): followers, number of posts, and recent posts with their likes and comments; then once a day. 'Read again now' reads them at once.",
      "Instagram only shows business and creator accounts this way: a competitor with a personal account is named, and its content export is the way in. A post that hides its like count is kept with its likes unknown, never counted as 0: engagement figures leave it out and say how many they did. Meta's access lasts about 60 days: the section shows when it ends, and asks you to reconnect. When Meta limits the number of calls, reading waits and the section says until when.",
    ],
    source:
      "The Instagram Graph API's business_discovery, through your own Instagram professional account; your access is stored encrypted.",
  },
  {
    id: "all-search-console",
    module: "all",
    title: "Connecting Google Search Console",
    body: [
      "On Data sources, connect the Google account that verified your website in Search Console; Brandscope asks for read-only access. We read the queries people found your site with over the last 28 complete days, by country, with their clicks, impressions, click-through rate and average position, then once a day. They are listed in Intent under Your searches, with those figures; they never count as monthly searches. Each read replaces the one before.",
      "If your Google account has several properties, choose the one that is your website. A Search Console export uploaded on Data sources (its Queries.csv) is listed beside the connector's read, for the days it covers.",
    ],
    source: "The Google Search Console API (Search Analytics). Search Console's data is 2–3 days behind.",
  },
  {
    id: "all-google-ads",
    module: "all",
    title: "Connecting Google Ads keyword planning",
    body: [
      "Optional. On Data sources, connect a Google account that can use a Google Ads account (a free one will do): Brandscope only plans keywords, it creates and spends nothing. For your brand's name and keywords we ask Google Ads' Keyword Planner for their monthly searches, competition and top-of-page bid range in your brand's country, then once a day.",
      "Cost per click in Intent is the middle of the top-of-page bid range, in the Google Ads account's currency. A keyword you imported from a Keyword Planner export keeps the imported figures.",
    ],
    source: "The Google Ads API's keyword planning (historical metrics), with your consent.",
  },
  {
    id: "all-websites",
    module: "all",
    title: "Your website's articles",
    body: [
      "When you connect your brand or add a competitor, we read its website: its name, logo and social links, and the articles it lists in its RSS or Atom feed, or else in its sitemap (pages under /blog/, /news/ and the like). Then we read it again every day; 'Read again now' on Data sources reads it at once. We follow each site's robots.txt.",
      "The Content module's Website section shows your articles per week, by week and your latest ones; the competitor comparison shows each company's articles per week. A feed lists only its newest articles, so we count from the oldest one we have read: the figure says 'Counted from …' until the daily reads have covered the whole period. A sitemap gives a page's last change, so an edited article counts on the day of its edit.",
    ],
    source:
      "The websites themselves: their feeds and sitemaps, read by BrandscopeBot. Nothing is read from a site that refuses it in robots.txt.",
  },
  {
    id: "all-plans",
    module: "all",
    title: "What does my plan include?",
    body: [
      "Every plan has all five modules. Starter (free) covers 1 brand, 1 competitor and the top 3 personas and influencers. Professional adds up to 5 competitors, every persona and influencer, and full export. Enterprise adds unlimited brands and members and 10 competitors per brand.",
    ],
  },
];

/**
 * The topics a filter shows: the module's own, then those about every module; 'all' shows everything, module
 * topics first. The panel lists them in this order.
 */
export function filterHelpTopics(topics: readonly HelpTopicData[], filter: HelpModule): HelpTopicData[] {
  const own = topics.filter(
    (topic) => topic.module !== "all" && (filter === "all" || topic.module === filter),
  );
  return [...own, ...topics.filter((topic) => topic.module === "all")];
}
