import { FEED_ERRORS, FEED_MESSAGES, defaultPreferences, type Preferences } from '@linkup/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildOwnPost, created, failure, ok } from '@/features/feed/test/fixtures';
import { buildPhoto, buildProfile } from '@/features/profile/test/profile-fixtures';
import { buildSession, mockApi, sentBody, unreadCounts, type FetchHandler } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

vi.mock('@/lib/socket', () => import('@/test/fake-socket').then((m) => m.fakeSocketModule()));
const confirm = vi.hoisted(() => vi.fn((..._args: unknown[]) => Promise.resolve(true)));
vi.mock(import('@/lib/dialogs'), async (importOriginal) => ({ ...(await importOriginal()), confirmDialog: confirm }));

const session = buildSession({ id: 'usr_me', name: 'Alex Demo' });
const profile = buildProfile({
  name: 'Alex Demo', age: 30, gender: 'male', city: 'Durban', body_type: 'athletic', relationship_type: 'long_term', about: 'I like long walks.',
  photos: [buildPhoto(1), buildPhoto(2)],
});

function api(handlers: Record<string, FetchHandler> = {}) {
  return mockApi({
    'GET /api/chat/rooms': () => ok({ items: [], pagination: { current_page: 1, last_page: 1, per_page: 100, total: 0 } }),
    'GET /api/feed/notifications/unread-count': () => ok(unreadCounts()),
    'GET /api/profile': () => ok(profile),
    'GET /api/feed/my-post': () => ok({ has_post: false, post: null }),
    'GET /api/feed': () => ok({ posts: [], has_more: false, next_cursor: null }),
    ...handlers,
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('/app/feed/create and /app/feed/edit', { timeout: 20_000 }, () => {
  it('starts the partner from my preferences, and offers my profile what the post says that it lacks (issue 32)', async () => {
    const prefs: Preferences = {
      ...defaultPreferences(), age_min: 27, age_max: 44, marital_statuses: ['single'], body_types: ['athletic', 'slim'],
      is_default: false, location: null, updated_at: '2030-01-01T10:00:00.000Z',
    };
    const fetch = api({
      'GET /api/preferences': () => ok(prefs),
      'POST /api/feed/my-post': () => created({ has_post: true, post: buildOwnPost() }, FEED_MESSAGES.created),
      'PUT /api/profile': () => ok({ ...profile, marital_status: 'divorced' }),
    });
    const { router } = renderApp('/app/feed/create', { session });
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Create your post' });
    expect(within(form).getByLabelText('Minimum age')).toHaveValue('27');
    expect(within(form).getByLabelText('Maximum age')).toHaveValue('44');
    expect(within(form).getByLabelText('Marital status', { selector: '#post-preferred_marital_status' })).toHaveValue('single');
    // Two body types wished: the post says none rather than one of them.
    expect(within(form).getByLabelText('Body type', { selector: '#post-preferred_body_type' })).toHaveValue('');
    // My profile has no marital status; the post says one.
    await user.selectOptions(within(form).getByLabelText('Marital status', { selector: '#post-marital_status' }), 'divorced');
    await user.click(within(form).getByRole('button', { name: 'Publish post' }));
    await waitFor(() => expect(sentBody(fetch, 'PUT /api/profile')).toEqual({ marital_status: 'divorced' }));
    expect(confirm).toHaveBeenCalledWith('Add these to your profile?', expect.stringContaining('Divorced'), { confirmLabel: 'Add to profile' });
    expect(sentBody(fetch, 'POST /api/feed/my-post')).toMatchObject({ preferred_age_min: 27, preferred_age_max: 44, preferred_marital_status: 'single' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/feed'));
  });

  it('prefills from my profile with partner ages 18–35, and publishes', async () => {
    const fetch = api({ 'POST /api/feed/my-post': () => created({ has_post: true, post: buildOwnPost() }, FEED_MESSAGES.created) });
    const { router } = renderApp('/app/feed/create', { session });
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Create your post' });
    expect(screen.getByRole('heading', { level: 1, name: 'Create Post' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(form).toHaveTextContent('Alex Demo');
    expect(form).toHaveTextContent('Durban');
    expect(within(form).getByLabelText('About me')).toHaveValue('I like long walks.');
    expect(within(form).getByLabelText('Body type', { selector: '#post-body_type' })).toHaveValue('athletic');
    expect(within(form).getByLabelText('Minimum age')).toHaveValue('18');
    expect(within(form).getByLabelText('Maximum age')).toHaveValue('35');
    expect(within(form).getByRole('checkbox', { name: 'Show my post in the feed' })).toBeChecked();
    expect(within(within(form).getByRole('list', { name: 'Photos of the post' })).getAllByRole('img')).toHaveLength(2);

    await user.click(within(form).getByRole('button', { name: 'Remove photo 2' }));
    await user.selectOptions(within(form).getByLabelText('Maximum age'), '40');
    await user.click(within(form).getByRole('button', { name: 'Publish post' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/feed'));
    expect(sentBody(fetch, 'POST /api/feed/my-post')).toMatchObject({
      image_1: 'pho_1', image_2: null, preferred_age_min: 18, preferred_age_max: 40, body_type: 'athletic', is_available: true,
      profile_description: 'I like long walks.', relationship_type: 'long_term',
    });
    expect(await screen.findByText(FEED_MESSAGES.created)).toBeInTheDocument();
  });

  it('checks the age range before sending, and says "Failed to create post" when the server refuses', async () => {
    const fetch = api({
      'POST /api/feed/my-post': () => failure(409, FEED_MESSAGES.postExists),
    });
    renderApp('/app/feed/create', { session });
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Create your post' });
    await user.selectOptions(within(form).getByLabelText('Minimum age'), '50');
    await user.click(within(form).getByRole('button', { name: 'Publish post' }));
    expect(await within(form).findByText(FEED_MESSAGES.ageOrder)).toBeInTheDocument();
    expect(sentBody(fetch, 'POST /api/feed/my-post')).toBeUndefined();
    await user.selectOptions(within(form).getByLabelText('Minimum age'), '20');
    await user.click(within(form).getByRole('button', { name: 'Publish post' }));
    // One message, in the form (issue 32 item 16): the failure and the server's reason, no toast besides.
    expect(await within(form).findByRole('alert')).toHaveTextContent(`${FEED_ERRORS.createPost}. ${FEED_MESSAGES.postExists}`);
    expect(screen.getAllByText(new RegExp(FEED_ERRORS.createPost))).toHaveLength(1);
  });

  it('edits my post: prefilled from it, saved with PUT, "Failed to update post" on failure', async () => {
    let fail = true;
    const own = buildOwnPost({ profile_description: 'Old words', preferred_age_min: 25, preferred_age_max: 45 });
    const fetch = api({
      'GET /api/feed/my-post': () => ok({ has_post: true, post: own }),
      'PUT /api/feed/my-post': () => (fail ? failure(500, 'boom') : ok({ has_post: true, post: own }, FEED_MESSAGES.updated)),
    });
    const { router } = renderApp('/app/feed/edit', { session });
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Edit your post' });
    expect(within(form).getByLabelText('About me')).toHaveValue('Old words');
    expect(within(form).getByLabelText('Minimum age')).toHaveValue('25');
    await user.clear(within(form).getByLabelText('About me'));
    await user.type(within(form).getByLabelText('About me'), 'New words');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(FEED_ERRORS.updatePost);
    expect(form).not.toHaveTextContent('boom');
    fail = false;
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/feed'));
    expect(sentBody(fetch, 'PUT /api/feed/my-post', 1)).toMatchObject({ profile_description: 'New words', image_1: 'img_1', preferred_age_max: 45 });
  });
});
