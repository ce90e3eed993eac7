import type { Metadata } from "next";
import { headers } from "next/headers";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { isPhoneRequest } from "@/components/data-table/phone-guess";
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
  const header = await headerFacts();
  const phone = isPhoneRequest(await headers());
  return (
    <html lang="en">
      <body className="min-h-screen font-sans">
        <Providers phone={phone}>
          <SiteHeader {...header} />
          <main id="main" className="mx-auto w-full max-w-[1600px] px-4 py-6 sm:px-6">
            {children}
          </main>
        </Providers>
      </body>
    </html>
  );
}
