import type { Metadata } from "next";
import type { ReactNode } from "react";
import { SiteHeader } from "@/components/layout/site-header";
import { Providers } from "@/components/layout/providers";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Fund Explorer", template: "%s · Fund Explorer" },
  description: "Browse the funds and investors your organization holds.",
  robots: { index: false, follow: false },
};

interface RootLayoutProps {
  children: ReactNode;
}

export default function RootLayout({ children }: RootLayoutProps) {
  return (
    <html lang="en">
      <body className="min-h-screen font-sans">
        <Providers>
          <SiteHeader />
          <main id="main" className="mx-auto w-full max-w-[1600px] px-4 py-6 sm:px-6">
            {children}
          </main>
        </Providers>
      </body>
    </html>
  );
}
