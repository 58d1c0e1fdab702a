// The route table: every route of spec §2, each page loaded lazily. Pages that need sign-in carry the
// requireSession loader, which runs before their code is even fetched.
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { loadAppQueryClient } from '@/lib/app-query-client';
import { getToken } from '@/lib/session';
import { requireSession } from './require-session';
import { PageLoading, RouteError } from './route-error';
import { Shell, type RouteHandle } from './shell';

/**
 * A lazy route whose module exports the page component under `name`. Pages may query: the app's query
 * client is created alongside, unless the page never does (`queries: false`, which keeps TanStack
 * Query out of its load) or only does for some (a function, asked as the page loads).
 */
function page<M>(
  load: () => Promise<M>,
  pick: (m: M) => ComponentType,
  { queries = true as boolean | (() => boolean) } = {},
) {
  return async () => {
    const queried = typeof queries === 'function' ? queries() : queries;
    const [loaded] = await Promise.all([load(), queried ? loadAppQueryClient() : undefined]);
    return { Component: pick(loaded) };
  };
}

// A visitor's Home never queries. A signed-in person's does (their balance summary): its first render
// then has the query client already, rather than the client arriving later as an update that renders
// the app again in one piece (it is read with useSyncExternalStore, whose updates are never sliced).
const home = page(
  () => import('@/features/home/pages/home-page'),
  (m) => m.HomePage,
  { queries: () => getToken() !== null },
);
const tabHome: RouteHandle = { tab: 'home' };
const tabProfile: RouteHandle = { tab: 'profile' };
const guarded = { loader: requireSession };

/** Paths are the spec's, relative to `/`. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    Component: Shell,
    ErrorBoundary: RouteError,
    HydrateFallback: PageLoading,
    children: [
      { index: true, handle: tabHome, lazy: home },
      { path: 'pages/index/index', handle: tabHome, lazy: home },
      {
        path: 'pages/user/index',
        handle: tabProfile,
        lazy: page(
          () => import('@/features/profile/pages/profile-page'),
          (m) => m.ProfilePage,
        ),
      },
      {
        path: 'pages/login/index',
        lazy: page(
          () => import('@/features/auth/pages/login-page'),
          (m) => m.LoginPage,
        ),
      },
      {
        path: 'pages/register/index',
        lazy: page(
          () => import('@/features/auth/pages/register-page'),
          (m) => m.RegisterPage,
        ),
      },
      {
        path: 'pages/forget/forget',
        lazy: page(
          () => import('@/features/auth/pages/forgot-page'),
          (m) => m.ForgotPage,
        ),
      },
      {
        path: 'pages/feedback/index',
        ...guarded,
        lazy: page(
          () => import('@/features/feedback/pages/feedback-page'),
          (m) => m.FeedbackPage,
        ),
      },
      {
        path: 'pages/notifications/index',
        ...guarded,
        lazy: page(
          () => import('@/features/notifications/pages/notifications-page'),
          (m) => m.NotificationsPage,
        ),
      },
      {
        path: 'pages/asset/total',
        ...guarded,
        lazy: page(
          () => import('@/features/wallet/pages/asset-total-page'),
          (m) => m.AssetTotalPage,
        ),
      },
      {
        path: 'pages/wallet/token',
        ...guarded,
        lazy: page(
          () => import('@/features/wallet/pages/token-page'),
          (m) => m.TokenPage,
        ),
      },
      {
        path: 'pages/wallet/deposit',
        ...guarded,
        lazy: page(
          () => import('@/features/deposit/pages/deposit-page'),
          (m) => m.DepositPage,
        ),
      },
      {
        path: 'pages/wallet/depositList',
        ...guarded,
        lazy: page(
          () => import('@/features/deposit/pages/deposit-list-page'),
          (m) => m.DepositListPage,
        ),
      },
      {
        path: 'pages/wallet/depositDetail',
        ...guarded,
        lazy: page(
          () => import('@/features/deposit/pages/deposit-detail-page'),
          (m) => m.DepositDetailPage,
        ),
      },
      {
        path: 'pages/wallet/withdraw',
        ...guarded,
        lazy: page(
          () => import('@/features/withdraw/pages/withdraw-page'),
          (m) => m.WithdrawPage,
        ),
      },
      {
        path: 'pages/wallet/withdrawList',
        ...guarded,
        lazy: page(
          () => import('@/features/withdraw/pages/withdraw-list-page'),
          (m) => m.WithdrawListPage,
        ),
      },
      {
        path: 'pages/wallet/withdrawDetail',
        ...guarded,
        lazy: page(
          () => import('@/features/withdraw/pages/withdraw-detail-page'),
          (m) => m.WithdrawDetailPage,
        ),
      },
      {
        // Visitors browse the market first: sign-in is asked when they open a position.
        path: 'pages/game/detail',
        lazy: page(
          () => import('@/features/contract-game/pages/game-page'),
          (m) => m.GamePage,
        ),
      },
      {
        // Visitors watch the price first: sign-in is asked at Up / Down.
        path: 'pages/flip-lightning/index',
        lazy: page(
          () => import('@/features/flip/pages/flip-page'),
          (m) => m.FlipPage,
        ),
      },
      {
        path: 'pages/invite/index',
        ...guarded,
        lazy: page(
          () => import('@/features/invite/pages/invite-page'),
          (m) => m.InvitePage,
        ),
      },
      {
        path: 'pages/vip/index',
        ...guarded,
        lazy: page(
          () => import('@/features/vip/pages/vip-page'),
          (m) => m.VipPage,
        ),
      },
      {
        path: 'pages/user/account/index',
        ...guarded,
        lazy: page(
          () => import('@/features/profile/pages/account-page'),
          (m) => m.AccountPage,
        ),
      },
      {
        path: 'pages/user/password/index',
        ...guarded,
        lazy: page(
          () => import('@/features/profile/pages/password-page'),
          (m) => m.PasswordPage,
        ),
      },
      {
        path: 'pages/user/lang',
        lazy: page(
          () => import('@/features/profile/pages/language-page'),
          (m) => m.LanguagePage,
        ),
      },
      {
        path: '*',
        lazy: page(
          () => import('./not-found-page'),
          (m) => m.NotFoundPage,
        ),
      },
    ],
  },
];
