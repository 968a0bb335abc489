import { Logo } from "@brandscope/ui/logo";
import { Link } from "@tanstack/react-router";
import type * as React from "react";

/** The frame of a page anyone may open: the logo, home, above the page's own content. */
export function PublicFrame({ className, children }: { className: string; children: React.ReactNode }) {
  return (
    <div className="bg-background min-h-dvh">
      <header className="border-border border-b px-6 py-4 lg:px-10">
        <Link to="/" className="inline-flex">
          <Logo size="sm" />
        </Link>
      </header>
      <main className={`animate-fade-in mx-auto flex flex-col px-6 motion-reduce:animate-none ${className}`}>
        {children}
      </main>
    </div>
  );
}

/**
 * The frame of the pages anyone may read (privacy policy, FAQ). They stay readable on a phone: someone following a
 * link from an e-mail should not meet the narrow-screen notice.
 */
export function PublicPage({
  title,
  lead,
  children,
}: {
  title: string;
  lead: string;
  children: React.ReactNode;
}) {
  return (
    <PublicFrame className="max-w-2xl gap-8 py-12">
      <div className="flex flex-col gap-3">
        <h1 className="text-foreground text-3xl font-semibold tracking-tight">{title}</h1>
        <p className="text-muted-foreground text-lg leading-relaxed">{lead}</p>
      </div>
      <div className="text-foreground flex flex-col gap-8 leading-relaxed [&_h2]:mb-2 [&_h2]:text-lg [&_h2]:font-semibold [&_li]:ml-5 [&_li]:list-disc [&_p+p]:mt-3 [&_ul]:mt-2 [&_ul]:flex [&_ul]:flex-col [&_ul]:gap-1">
        {children}
      </div>
    </PublicFrame>
  );
}
