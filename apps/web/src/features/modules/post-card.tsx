import type { components } from "@brandscope/api-client";
import { NETWORK_LABELS } from "@brandscope/charts/networks";
import { Badge } from "@brandscope/ui/badge";
import type * as React from "react";
import { formatDate } from "./format";

interface CardPost {
  url: string;
  text?: string | null;
  platform: components["schemas"]["SocialNetwork"];
  format: string;
  publishedAt: string;
  logo?: string | null;
}

/**
 * One post in a list (top and under-performing content, breakout posts): platform, format and date, its text as
 * a link to the post, and the figures that put it there (`children`). `company` names whose post it is where a
 * list mixes companies.
 */
export function PostCard({
  post,
  company,
  children,
}: {
  post: CardPost;
  company?: string;
  children: React.ReactNode;
}) {
  const platform = NETWORK_LABELS[post.platform];
  return (
    <li className="flex gap-3 rounded-md border p-3">
      {post.logo ? (
        <img src={post.logo} alt="" className="size-10 shrink-0 rounded-md object-cover" loading="lazy" />
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          {company ? <span className="font-semibold">{company}</span> : null}
          <Badge tone="outline" size="sm">
            {platform}
          </Badge>
          <span className="text-muted-foreground">
            {post.format} · {formatDate(post.publishedAt)}
          </span>
        </div>
        <a
          href={post.url}
          target="_blank"
          rel="noreferrer noopener"
          className="text-foreground line-clamp-2 text-sm font-medium underline-offset-4 hover:underline"
        >
          {post.text?.trim() ||
            `${company ? `${company}'s ` : ""}${platform} post of ${formatDate(post.publishedAt)}`}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
        <p className="text-muted-foreground text-xs">{children}</p>
      </div>
    </li>
  );
}
