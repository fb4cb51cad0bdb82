import type { TemplateCard, TemplateDetail } from '@pactum/core/templates';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentAccess, documentEvents } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, createUsers, type TestUser } from '../../test/factories';
import {
  caller,
  makeGroup,
  makeTemplate,
  makeWorkspace,
  templateInput,
} from '../sharing/test-support';
import { PACTUM_LIBRARY_USER_ID, seedGlobalTemplates, seedTemplates } from './seed';
import { createTemplate } from './service';

let t: TestApp;
let call: ReturnType<typeof caller>;
let owner: TestUser;
let editor: TestUser;
let viewer: TestUser;
let groupMember: TestUser;
let workspaceMember: TestUser;
let stranger: TestUser;
let otherWorkspaceUser: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAIL_DOMAINS: 'pactum.fi' } });
  call = caller(t);
  [owner, editor, viewer, groupMember, workspaceMember, stranger, otherWorkspaceUser] =
    await createUsers(t.platform, 7);
  admin = await createUser(t.platform, {
    isAdmin: true,
    email: `admin-${Date.now()}@pactum.fi`,
  });
});
afterAll(() => t?.close());

const list = async (cookie: string, filter = 'all') => {
  const response = await call('GET', `/templates?filter=${filter}&pageSize=100`, cookie);
  expect(response.statusCode).toBe(200);
  return (response.json() as { templates: TemplateCard[] }).templates;
};

describe('creating a template', () => {
  it('starts with parties, one section and signers; the creator may edit', async () => {
    const template = await makeTemplate(t, owner.cookie, 'Fresh template');
    expect(template).toMatchObject({
      title: 'Fresh template',
      category: 'business',
      language: 'en',
      region: 'fi',
      isGlobal: false,
      price: null,
      canEdit: true,
      canPublish: false,
      group: 'my',
      lockedBy: null,
      tags: [],
    });
    expect(
      template.sections.map((section) => [section.type, section.position, section.number]),
    ).toEqual([
      ['parties', 1, ''],
      ['normal', 2, '1'],
      ['signers', 3, ''],
    ]);
    const [row] = await t.platform.database.db
      .select()
      .from(documentAccess)
      .where(and(eq(documentAccess.documentId, template.id), eq(documentAccess.userId, owner.id)));
    expect(row?.role).toBe('edit');
    const events = await t.platform.database.db
      .select({ event: documentEvents.event })
      .from(documentEvents)
      .where(eq(documentEvents.documentId, template.id));
    expect(events.map((event) => event.event)).toEqual(
      expect.arrayContaining(['document-create', 'document-open']),
    );
  });

  it('counts the user’s templates on the dashboard', async () => {
    const user = await createUser(t.platform);
    const before = (await call('GET', '/me', user.cookie)).json().counts.templates;
    const template = await makeTemplate(t, user.cookie);
    expect((await call('GET', '/me', user.cookie)).json().counts.templates).toBe(before + 1);
    await call('DELETE', `/templates/${template.id}`, user.cookie);
    expect((await call('GET', '/me', user.cookie)).json().counts.templates).toBe(before);
  });

  it('takes given sections (as an import does), parties first and signers last', async () => {
    const detail = await createTemplate(t.platform, {
      caller: owner,
      input: { title: 'Imported', abstract: '', category: 'misc', language: 'fi', region: 'fi' },
      sections: [
        { type: 'parties', title: 'Parties' },
        {
          type: 'normal',
          title: 'Scope',
          html: '<p>Scope</p><script>x()</script>',
          children: [{ type: 'normal', title: 'Detail', html: '<p>Detail</p>' }],
        },
        { type: 'signers', title: 'Signatures' },
      ],
    });
    expect(
      detail.sections.map((section) => [section.number, section.position, section.title]),
    ).toEqual([
      ['', 1, 'Parties'],
      ['1', 2, 'Scope'],
      ['1.1', 101, 'Detail'],
      ['', 3, 'Signatures'],
    ]);
    expect(detail.sections[1]?.content[0]?.html).toBe('<p>Scope</p>');
  });

  it('refuses bad input with the spec messages', async () => {
    const tooLong = await call('POST', '/templates', owner.cookie, {
      ...templateInput('x'.repeat(251)),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.message).toContain('Too much text. 250 characters max.');
    const badCategory = await call('POST', '/templates', owner.cookie, {
      ...templateInput(),
      category: 'cooking',
    });
    expect(badCategory.statusCode).toBe(400);
    const extra = await call('POST', '/templates', owner.cookie, { ...templateInput(), x: 1 });
    expect(extra.statusCode).toBe(400);
    expect((await call('POST', '/templates', undefined, templateInput())).statusCode).toBe(401);
  });

  it('refuses an empty title on update', async () => {
    const template = await makeTemplate(t, owner.cookie);
    const response = await call('PATCH', `/templates/${template.id}`, owner.cookie, {
      title: '  ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain('Title cannot be empty.');
  });
});

describe('access to a template', () => {
  let template: TemplateDetail;
  let workspaceId: string;

  beforeAll(async () => {
    template = await makeTemplate(t, owner.cookie, 'Shared around');
    workspaceId = await makeWorkspace(t, [owner.id, workspaceMember.id, groupMember.id]);
    const groupId = await makeGroup(t, workspaceId, [groupMember.id]);
    await makeWorkspace(t, [otherWorkspaceUser.id], 'Other company');
    const share = async (body: object) => {
      const response = await call('POST', `/templates/${template.id}/access`, owner.cookie, body);
      expect(response.statusCode).toBe(201);
    };
    await share({ emails: [editor.email], role: 'edit' });
    await share({ emails: [viewer.email], role: 'view' });
    await share({ groupIds: [groupId], role: 'edit' });
    await share({ workspaceIds: [workspaceId], role: 'view' });
  });

  const read = (user: TestUser) => call('GET', `/templates/${template.id}`, user.cookie);
  const write = (user: TestUser) =>
    call('PATCH', `/templates/${template.id}`, user.cookie, { abstract: `by ${user.id}` });

  it('the owner reads and writes', async () => {
    expect((await read(owner)).statusCode).toBe(200);
    expect((await write(owner)).statusCode).toBe(200);
  });

  it('a shared editor reads and writes, and sees it under Shared', async () => {
    expect((await read(editor)).json()).toMatchObject({ canEdit: true, group: 'shared' });
    expect((await write(editor)).statusCode).toBe(200);
    expect((await list(editor.cookie, 'shared')).map((card) => card.id)).toContain(template.id);
    expect((await list(editor.cookie, 'my')).map((card) => card.id)).not.toContain(template.id);
  });

  it('a shared viewer reads but may not write or delete', async () => {
    expect((await read(viewer)).json()).toMatchObject({ canEdit: false, couponCode: null });
    expect((await write(viewer)).statusCode).toBe(403);
    expect((await call('DELETE', `/templates/${template.id}`, viewer.cookie)).statusCode).toBe(403);
    const card = (await list(viewer.cookie)).find((candidate) => candidate.id === template.id);
    expect(card).toMatchObject({ canEdit: false, group: 'shared' });
  });

  it('a member of both the group (edit) and the workspace (view) gets the workspace’s role first', async () => {
    // The group entry is edit, the workspace entry view: the workspace entry comes first.
    expect((await read(groupMember)).json()).toMatchObject({ canEdit: false });
    expect((await write(groupMember)).statusCode).toBe(403);
  });

  it('a workspace member reads through the workspace', async () => {
    expect((await read(workspaceMember)).statusCode).toBe(200);
    expect((await write(workspaceMember)).statusCode).toBe(403);
  });

  it('a stranger and a user of another workspace get 404 and do not see it listed', async () => {
    for (const user of [stranger, otherWorkspaceUser]) {
      expect((await read(user)).statusCode).toBe(404);
      expect((await write(user)).statusCode).toBe(404);
      expect((await call('DELETE', `/templates/${template.id}`, user.cookie)).statusCode).toBe(404);
      expect(
        (await call('POST', `/templates/${template.id}/duplicate`, user.cookie, {})).statusCode,
      ).toBe(404);
      expect((await list(user.cookie)).map((card) => card.id)).not.toContain(template.id);
    }
  });

  it('a group-only member gets the group’s edit role', async () => {
    const only = await createUser(t.platform);
    const groupWorkspace = await makeWorkspace(t, [owner.id]);
    const groupId = await makeGroup(t, groupWorkspace, [only.id]);
    const other = await makeTemplate(t, owner.cookie, 'Group only');
    await call('POST', `/templates/${other.id}/access`, owner.cookie, {
      groupIds: [groupId],
      role: 'edit',
    });
    const response = await call('GET', `/templates/${other.id}`, only.cookie);
    expect(response.json()).toMatchObject({ canEdit: true, group: 'shared' });
    expect(
      (await call('PATCH', `/templates/${other.id}`, only.cookie, { abstract: 'x' })).statusCode,
    ).toBe(200);
  });

  it('lists mine under My templates', async () => {
    const mine = await list(owner.cookie, 'my');
    expect(mine.map((card) => card.id)).toContain(template.id);
    expect(mine.every((card) => card.group === 'my' && card.canEdit)).toBe(true);
  });
});

describe('publishing', () => {
  it('only a product administrator publishes, with a partner; unpublish clears it', async () => {
    const template = await makeTemplate(t, owner.cookie, 'To be global');
    await call('POST', `/templates/${template.id}/access`, owner.cookie, {
      emails: [admin.email],
      role: 'view',
    });
    const byOwner = await call('POST', `/templates/${template.id}/publish`, owner.cookie, {
      partner: 'Acme Law',
    });
    expect(byOwner.statusCode).toBe(403);
    expect(byOwner.json().error.message).toBe('Only administrators can publish templates.');
    const noPartner = await call('POST', `/templates/${template.id}/publish`, admin.cookie, {
      partner: ' ',
    });
    expect(noPartner.statusCode).toBe(400);
    expect(noPartner.json().error.message).toContain('Publishing needs a partner.');

    const published = await call('POST', `/templates/${template.id}/publish`, admin.cookie, {
      partner: 'Acme Law',
    });
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({
      isGlobal: true,
      partner: 'Acme Law',
      canPublish: true,
      canEdit: true,
      group: 'global',
    });

    // Every signed-in user now sees it, read-only, under the partner templates.
    const seen = await call('GET', `/templates/${template.id}`, stranger.cookie);
    expect(seen.json()).toMatchObject({ canEdit: false, canPublish: false, group: 'global' });
    expect((await list(stranger.cookie, 'global')).map((card) => card.id)).toContain(template.id);
    expect(
      (await call('PATCH', `/templates/${template.id}`, stranger.cookie, { abstract: 'x' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('POST', `/templates/${template.id}/unpublish`, stranger.cookie)).statusCode,
    ).toBe(403);

    const unpublished = await call('POST', `/templates/${template.id}/unpublish`, admin.cookie);
    expect(unpublished.json()).toMatchObject({ isGlobal: false, partner: null });
    expect((await call('GET', `/templates/${template.id}`, stranger.cookie)).statusCode).toBe(404);
  });

  it('an administrator off the admin domain is not one', async () => {
    const offDomain = await createUser(t.platform, { isAdmin: true });
    const template = await makeTemplate(t, offDomain.cookie);
    const response = await call('POST', `/templates/${template.id}/publish`, offDomain.cookie, {
      partner: 'X',
    });
    expect(response.statusCode).toBe(403);
  });

  it('only an administrator sets the price', async () => {
    const template = await makeTemplate(t, owner.cookie);
    const byOwner = await call('PATCH', `/templates/${template.id}`, owner.cookie, { price: 0 });
    expect(byOwner.statusCode).toBe(403);
    await call('POST', `/templates/${template.id}/access`, owner.cookie, {
      emails: [admin.email],
      role: 'edit',
    });
    const byAdmin = await call('PATCH', `/templates/${template.id}`, admin.cookie, { price: 3 });
    expect(byAdmin.json()).toMatchObject({ price: 3 });
  });
});

describe('coupons', () => {
  it('keeps codes unique and lower-case slugs', async () => {
    const first = await makeTemplate(t, owner.cookie, 'Coupon one');
    const second = await makeTemplate(t, editor.cookie, 'Coupon two');
    const set = await call('PATCH', `/templates/${first.id}`, owner.cookie, {
      couponCode: 'Special-Offer-0405',
    });
    expect(set.json()).toMatchObject({ couponCode: 'special-offer-0405' });
    const taken = await call('PATCH', `/templates/${second.id}`, editor.cookie, {
      couponCode: 'special-offer-0405',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(
      'This coupon code is already in use. Please write another one.',
    );
    const bad = await call('PATCH', `/templates/${second.id}`, editor.cookie, {
      couponCode: 'no--double',
    });
    expect(bad.statusCode).toBe(400);
    // Setting the same code on the same template again is fine; an empty code clears it.
    expect(
      (
        await call('PATCH', `/templates/${first.id}`, owner.cookie, {
          couponCode: 'special-offer-0405',
        })
      ).statusCode,
    ).toBe(200);
  });

  it('redeeming grants view access to the template', async () => {
    const template = await makeTemplate(t, owner.cookie, 'Coupon template');
    await call('PATCH', `/templates/${template.id}`, owner.cookie, { couponCode: 'redeem-me-now' });
    const redeemer = await createUser(t.platform);
    expect((await call('GET', `/templates/${template.id}`, redeemer.cookie)).statusCode).toBe(404);
    const redeemed = await call('POST', '/templates/coupons/redeem', redeemer.cookie, {
      couponCode: ' Redeem-Me-Now ',
    });
    expect(redeemed.statusCode).toBe(200);
    expect(redeemed.json()).toEqual({ templateId: template.id, templateTitle: 'Coupon template' });
    const seen = await call('GET', `/templates/${template.id}`, redeemer.cookie);
    expect(seen.json()).toMatchObject({ canEdit: false, couponCode: null, group: 'shared' });
    expect(
      (await call('PATCH', `/templates/${template.id}`, redeemer.cookie, { abstract: 'x' }))
        .statusCode,
    ).toBe(403);
    // A second redeem changes nothing; the owner keeps edit access when redeeming their own.
    expect(
      (
        await call('POST', '/templates/coupons/redeem', owner.cookie, {
          couponCode: 'redeem-me-now',
        })
      ).statusCode,
    ).toBe(200);
    expect((await call('GET', `/templates/${template.id}`, owner.cookie)).json().canEdit).toBe(
      true,
    );
  });

  it('an unknown code is 404, and deleting a template frees its code', async () => {
    const unknown = await call('POST', '/templates/coupons/redeem', stranger.cookie, {
      couponCode: 'nothing-here',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Coupon code not found.');
    const template = await makeTemplate(t, owner.cookie);
    await call('PATCH', `/templates/${template.id}`, owner.cookie, { couponCode: 'short-lived' });
    expect((await call('DELETE', `/templates/${template.id}`, owner.cookie)).statusCode).toBe(204);
    expect((await call('GET', `/templates/${template.id}`, owner.cookie)).statusCode).toBe(404);
    const other = await makeTemplate(t, owner.cookie);
    expect(
      (await call('PATCH', `/templates/${other.id}`, owner.cookie, { couponCode: 'short-lived' }))
        .statusCode,
    ).toBe(200);
  });
});

describe('guessing coupon codes', () => {
  /** A private template of a new owner with the given code, and a new user guessing it. */
  async function secretAndGuesser(code: string) {
    const [secretOwner, guesser] = await createUsers(t.platform, 2);
    const secret = await makeTemplate(t, secretOwner.cookie, 'Private offer');
    const set = await call('PATCH', `/templates/${secret.id}`, secretOwner.cookie, {
      couponCode: code,
    });
    expect(set.statusCode).toBe(200);
    return { secret, guesser };
  }

  it('checks at most 20 of parallel redeems; the right code after them is refused', async () => {
    const { secret, guesser } = await secretAndGuesser('parallel-secret');
    // The right code comes last, after 29 wrong ones sent at the same time: counting and
    // deciding must be one step, or every request passes the check before any is counted.
    const codes = [
      ...Array.from({ length: 29 }, (_, index) => `guess-${index}`),
      'parallel-secret',
    ];
    const responses = await Promise.all(
      codes.map((couponCode) =>
        call('POST', '/templates/coupons/redeem', guesser.cookie, { couponCode }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status !== 429)).toHaveLength(20);
    expect(statuses.at(-1)).toBe(429);
    expect((await call('GET', `/templates/${secret.id}`, guesser.cookie)).statusCode).toBe(404);
  });

  it('a redeemed code does not use up the allowance', async () => {
    const { secret, guesser } = await secretAndGuesser('kept-allowance');
    for (let index = 0; index < 19; index++) {
      const wrong = await call('POST', '/templates/coupons/redeem', guesser.cookie, {
        couponCode: `guess-${index}`,
      });
      expect(wrong.statusCode).toBe(404);
    }
    for (let index = 0; index < 3; index++) {
      const right = await call('POST', '/templates/coupons/redeem', guesser.cookie, {
        couponCode: 'kept-allowance',
      });
      expect(right.statusCode).toBe(200);
    }
    const last = await call('POST', '/templates/coupons/redeem', guesser.cookie, {
      couponCode: 'guess-last',
    });
    expect(last.statusCode).toBe(404);
    expect((await call('GET', `/templates/${secret.id}`, guesser.cookie)).statusCode).toBe(200);
  });

  it('template settings take from the same allowance, so they cannot probe codes past it', async () => {
    const { guesser } = await secretAndGuesser('settings-secret');
    const own = await makeTemplate(t, guesser.cookie, 'Probe');
    for (let index = 0; index < 20; index++) {
      const free = await call('PATCH', `/templates/${own.id}`, guesser.cookie, {
        couponCode: `probe-code-${index}`,
      });
      expect(free.statusCode).toBe(200);
    }
    // Past the allowance a taken code is no longer told apart from a free one.
    const taken = await call('PATCH', `/templates/${own.id}`, guesser.cookie, {
      couponCode: 'settings-secret',
    });
    expect(taken.statusCode).toBe(429);
    expect(taken.json().error.code).toBe('rate_limited');
    expect(Number(taken.headers['retry-after'])).toBeGreaterThan(0);
    const redeem = await call('POST', '/templates/coupons/redeem', guesser.cookie, {
      couponCode: 'settings-secret',
    });
    expect(redeem.statusCode).toBe(429);
    // Other settings, and saving the code the template already has, still work.
    const same = await call('PATCH', `/templates/${own.id}`, guesser.cookie, {
      couponCode: 'probe-code-19',
      abstract: 'Changed',
    });
    expect(same.statusCode).toBe(200);
    expect((await call('GET', `/templates/${own.id}`, guesser.cookie)).json()).toMatchObject({
      couponCode: 'probe-code-19',
      abstract: 'Changed',
    });
  });

  it('parallel settings probes are counted before any code is looked up', async () => {
    const { guesser } = await secretAndGuesser('parallel-settings');
    const own = await makeTemplate(t, guesser.cookie, 'Probe');
    const codes = [
      ...Array.from({ length: 29 }, (_, index) => `probe-code-${index}`),
      'parallel-settings',
    ];
    const responses = await Promise.all(
      codes.map((couponCode) =>
        call('PATCH', `/templates/${own.id}`, guesser.cookie, { couponCode }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status !== 429)).toHaveLength(20);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('duplicating', () => {
  it('makes a personal copy with all sections and the default copy title', async () => {
    const template = await makeTemplate(t, owner.cookie, 'Original');
    const added = await call('POST', `/templates/${template.id}/sections`, owner.cookie, {
      parentId: template.sections[1]?.id,
      title: 'Child',
    });
    expect(added.statusCode).toBe(201);
    await call('POST', `/templates/${template.id}/access`, owner.cookie, {
      emails: [viewer.email],
      role: 'view',
    });
    const copy = await call('POST', `/templates/${template.id}/duplicate`, viewer.cookie, {});
    expect(copy.statusCode).toBe(201);
    const body = copy.json() as TemplateDetail;
    const day = new Date().toISOString().slice(0, 10);
    expect(body).toMatchObject({
      title: `Copy ${day} - Original`,
      canEdit: true,
      group: 'my',
      createdBy: viewer.id,
    });
    expect(body.id).not.toBe(template.id);
    const shape = (detail: TemplateDetail) =>
      detail.sections.map((section) => [section.type, section.title, section.number]);
    const original = (await call('GET', `/templates/${template.id}`, owner.cookie)).json();
    expect(shape(body)).toEqual(shape(original));
    expect(
      body.sections.some((section) =>
        original.sections.some((o: { id: string }) => o.id === section.id),
      ),
    ).toBe(false);
    const child = body.sections.find((section) => section.title === 'Child');
    expect(body.sections.find((section) => section.id === child?.parentId)?.type).toBe('normal');

    const named = await call('POST', `/templates/${template.id}/duplicate`, owner.cookie, {
      title: 'My own name',
    });
    expect(named.json()).toMatchObject({ title: 'My own name' });
  });
});

describe('the seeded partner templates', () => {
  it('are made once, global under Pactum, with parties first and signers last', async () => {
    expect(await seedGlobalTemplates(t.database)).toBe(seedTemplates.length);
    expect(await seedGlobalTemplates(t.database)).toBe(0);
    const global = await list(stranger.cookie, 'global');
    const seeded = global.filter((card) => card.createdBy === PACTUM_LIBRARY_USER_ID);
    expect(seeded).toHaveLength(seedTemplates.length);
    expect(seeded.every((card) => card.partner === 'Pactum' && card.isGlobal)).toBe(true);
    const nda = await call('GET', `/templates/${seedTemplates[0]?.id}`, stranger.cookie);
    const sections = (nda.json() as TemplateDetail).sections;
    expect(sections[0]?.type).toBe('parties');
    expect(sections.at(-1)?.type).toBe('signers');
    expect(sections.filter((section) => section.type === 'normal').length).toBeGreaterThan(4);
    expect(sections.some((section) => section.number === '2.1')).toBe(true);
  });
});
