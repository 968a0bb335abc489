import { AuthLayout, type Testimonial } from "@brandscope/ui/auth-layout";
import { Link } from "@tanstack/react-router";
import type * as React from "react";

const testimonial: Testimonial = {
  quote:
    "Our competitors, our audience and the keywords people search for now sit on one screen. Monday planning takes twenty minutes instead of an afternoon.",
  name: "Maya Lindqvist",
  role: "Head of Brand, Northwind Outdoor",
};

/**
 * The frame of the signed-out screens: the auth layout with a customer's words and the footer links. Shared by the
 * public layout route (routes/_public.tsx) and the prerendered sign-in page (src/prerender/sign-in.tsx), so the
 * first paint the server sends is the page the app then renders.
 */
export function PublicFrame({ children }: { children: React.ReactNode }) {
  return (
    <AuthLayout
      testimonial={testimonial}
      links={
        <>
          <Link to="/privacy">Privacy policy</Link>
          <Link to="/faq">FAQ</Link>
        </>
      }
    >
      {children}
    </AuthLayout>
  );
}
