import type { Metadata } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { Providers } from "@/components/layout/providers";
import { SiteHeader } from "@/components/layout/site-header";
import { headerFacts } from "@/lib/data/header";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Fund Explorer", template: "%s · Fund Explorer" },
  description: "Browse the funds and investors your organization holds.",
  robots: { index: false, follow: false },
};

interface RootLayoutProps {
  children: ReactNode;
}

export default async function RootLayout({ children }: RootLayoutProps) {
  await connection();
  const { demo, userName, canBrowse, role } = await headerFacts();
  return (
    <html lang="en">
      <body className="min-h-screen font-sans">
        <Providers>
          <SiteHeader demo={demo} userName={userName} canBrowse={canBrowse} role={role} />
          <main id="main" className="mx-auto w-full max-w-[1600px] px-4 py-6 sm:px-6">
            {children}
          </main>
        </Providers>
      </body>
    </html>
  );
}
