import type { ReactNode } from 'react';

type PageCardProps = {
  /** The page's heading (its only h1). */
  title: string;
  children: ReactNode;
};

/**
 * A small page's content in one card with the page heading, as public pages show it. Drawn by
 * the plain kit (`.pl-card`): the route error page, which must not need a lazy chunk, uses it.
 */
export function PageCard({ title, children }: PageCardProps) {
  return (
    <div className="pl-card pl-stack">
      <h1 className="pl-frame-title">{title}</h1>
      {children}
    </div>
  );
}
