// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeServer, renderWithApp } from '../../test/render';
import type { Me } from '../auth';
import { NavDrawerContent } from './nav-drawer';

const counts = {
  templates: 3,
  drafts: 0,
  negotiate: 1,
  sign: 0,
  waiting: 0,
  signed: 2,
  trash: 0,
  workspaces: 1,
};
// The menu reads the user's counters and whether they are an admin, nothing else.
const me = { isAdmin: true, counts } as unknown as Me;

describe('the side menu', () => {
  it('holds list items only in its lists, each entry a link or a button inside one', async () => {
    fakeServer((request) =>
      request.path === '/api/v1/support'
        ? { body: { email: null, helpUrl: 'https://help.example/', chatScriptUrl: null } }
        : {},
    );
    const { container } = renderWithApp(
      <NavDrawerContent me={me} onNavigate={vi.fn()} onSignOut={vi.fn()} />,
    );
    // Every entry, the help pages' (known once /support answered) and Admin included.
    expect(await screen.findByRole('link', { name: /knowledge base/i })).toBeVisible();
    expect(screen.getByRole('link', { name: /admin/i })).toBeVisible();
    expect(screen.getByRole('button', { name: /sign out/i })).toBeVisible();

    const lists = [...container.querySelectorAll('ul')];
    expect(lists.length).toBeGreaterThanOrEqual(3);
    for (const list of lists) {
      const tags = [...list.children].map((child) => child.tagName);
      expect(tags.every((tag) => tag === 'LI')).toBe(true);
    }
    const entries = [...container.querySelectorAll('ul > li a, ul > li [role="button"]')];
    expect(entries.length).toBeGreaterThanOrEqual(10);
  });
});
