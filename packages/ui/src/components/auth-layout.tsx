import type * as React from "react";
import { cn } from "../lib/cn";
import { Logo, LogoMark } from "./logo";

export type Testimonial = { quote: string; name: string; role: string };

export type AuthLayoutProps = React.ComponentProps<"div"> & {
  testimonial: Testimonial;
  /** Footer links such as the privacy policy and FAQ, passed in as router links so ui stays router-free. */
  links?: React.ReactNode;
};

/** Two columns: the form on the left, a customer's words on the right (hidden when there is no room). */
export function AuthLayout({ className, testimonial, links, children, ...props }: AuthLayoutProps) {
  return (
    <div
      data-slot="auth-layout"
      className={cn("bg-background grid min-h-dvh lg:grid-cols-2", className)}
      {...props}
    >
      <div data-slot="auth-layout-form-column" className="flex flex-col px-8 py-8 lg:px-16">
        <header>
          <Logo />
        </header>
        <main data-slot="auth-layout-form" className="flex flex-1 items-center justify-center py-12">
          <div className="w-full max-w-sm">{children}</div>
        </main>
        {links ? (
          <footer
            data-slot="auth-layout-links"
            className="text-muted-foreground [&_a:hover]:text-foreground flex gap-6 text-sm [&_a]:underline-offset-4 [&_a:hover]:underline"
          >
            {links}
          </footer>
        ) : null}
      </div>
      <aside
        data-slot="auth-layout-testimonial"
        className="bg-primary text-primary-foreground relative hidden flex-col justify-end overflow-hidden p-12 lg:flex xl:p-16"
      >
        <LogoMark className="text-primary-foreground/10 absolute -top-12 -right-16 size-[26rem]" />
        <figure className="relative flex max-w-lg flex-col gap-6">
          <blockquote className="text-2xl leading-snug font-medium">“{testimonial.quote}”</blockquote>
          <figcaption className="flex flex-col gap-0.5">
            <span className="font-semibold">{testimonial.name}</span>
            <span className="text-primary-foreground/90 text-sm">{testimonial.role}</span>
          </figcaption>
        </figure>
      </aside>
    </div>
  );
}
