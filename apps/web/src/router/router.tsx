import { createBrowserRouter } from 'react-router';
import { PageLoading } from '../components/PageLoading';
import { loadWithTimeout } from '../lib/with-timeout';
import { guestOnly, requireToken, toHome } from './guards';
import { lazyPage } from './lazy-route';
import { RootShell } from './RootShell';
import { RouteError } from './RouteError';
import type { RouteHandle } from './route-handle';

const open: RouteHandle = { auth: false };

export const router = createBrowserRouter([
  {
    id: 'root',
    Component: RootShell,
    HydrateFallback: PageLoading,
    ErrorBoundary: RouteError,
    children: [
      {
        path: '/login',
        loader: guestOnly,
        handle: { ...open, title: 'login.title' },
        lazy: lazyPage(() => import('../pages/login/LoginPage')),
      },
      // The alumni's self-service registration (DOMAIN 4.2.6): public, outside the shell, its own chunk.
      { path: '/regist', handle: { ...open, title: 'regist.page.title' }, lazy: lazyPage(() => import('../pages/regist/RegistPage')) },
      // The survey answer page (DOMAIN 9.4): public, outside the shell, its own chunk with the survey runner.
      { path: '/survey-answer/:id', handle: { ...open, title: 'survey.answer.title' }, lazy: lazyPage(() => import('../pages/survey-answer/SurveyAnswerPage')) },
      // A shared photo album (DOMAIN 6.4): public, by its share code.
      { path: '/share/album/:code', handle: { ...open, title: 'giving.sharedAlbum' }, lazy: lazyPage(() => import('../pages/share/SharedAlbumPage')) },
      { path: '/404', handle: { ...open, title: 'page.notFound' }, lazy: lazyPage(() => import('../pages/errors/NotFoundPage')) },
      { path: '/403', handle: { ...open, title: 'page.forbidden' }, lazy: lazyPage(() => import('../pages/errors/ForbiddenPage')) },
      { path: '/500', handle: { ...open, title: 'page.serverError' }, lazy: lazyPage(() => import('../pages/errors/ServerErrorPage')) },
      {
        path: '/',
        loader: requireToken,
        children: [
          {
            path: 'change-password',
            handle: { title: 'shell.forcedPassword.title', tab: false },
            lazy: lazyPage(() => import('../pages/info/ForcedPasswordPage')),
          },
          {
            path: 'lock',
            handle: { title: 'shell.lockPage.title', tab: false },
            lazy: lazyPage(() => import('../pages/lock/LockPage')),
          },
          {
            id: 'layout',
            lazy: async () => {
              const mod = await loadWithTimeout(() => import('../layout/layout-route'));
              return mod.layoutRoute;
            },
            children: [
              { index: true, loader: toHome },
              { path: 'wel', loader: toHome },
              { path: 'wel/index', handle: { title: 'menu.home' }, lazy: lazyPage(() => import('../pages/home/HomePage')) },
              {
                path: 'dict-horizontal/index',
                handle: { title: 'menu.dictHorizontal' },
                lazy: lazyPage(() => import('../pages/dict/DictHorizontalPage')),
              },
              {
                path: 'dict-vertical/index',
                handle: { title: 'menu.dictVertical' },
                lazy: lazyPage(() => import('../pages/dict/DictVerticalPage')),
              },
              { path: 'test/index', handle: { title: 'shell.test.title' }, ErrorBoundary: RouteError, lazy: lazyPage(() => import('../pages/test/TestPage')) },
              { path: 'info/index', handle: { title: 'shell.info.title' }, ErrorBoundary: RouteError, lazy: lazyPage(() => import('../pages/info/InfoPage')) },
              { path: 'myiframe/*', ErrorBoundary: RouteError, lazy: lazyPage(() => import('../pages/iframe/IframePage')) },
              // The leave process's fixed routes (DOMAIN 10.2).
              {
                path: 'work/process/leave/form/:processDefinitionId', handle: { title: 'workflow.leave.title' }, ErrorBoundary: RouteError,
                lazy: lazyPage(() => import('../pages/workflow/LeavePages').then((m) => ({ default: m.LeaveFormPage }))),
              },
              {
                path: 'work/process/leave/handle/:taskId/:processInstanceId/:businessId', handle: { title: 'workflow.leave.handleTitle' }, ErrorBoundary: RouteError,
                lazy: lazyPage(() => import('../pages/workflow/LeavePages').then((m) => ({ default: m.LeaveHandlePage }))),
              },
              {
                path: 'work/process/leave/detail/:processInstanceId/:businessId', handle: { title: 'workflow.leave.detailTitle' }, ErrorBoundary: RouteError,
                lazy: lazyPage(() => import('../pages/workflow/LeavePages').then((m) => ({ default: m.LeaveDetailPage }))),
              },
              // A process without a form of its own: handle a task, read an instance.
              {
                path: 'work/process/task/handle/:taskId/:processInstanceId', handle: { title: 'workflow.task.handleTitle' }, ErrorBoundary: RouteError,
                lazy: lazyPage(() => import('../pages/workflow/ProcessTaskPages').then((m) => ({ default: m.ProcessHandlePage }))),
              },
              {
                path: 'work/process/task/detail/:processInstanceId', handle: { title: 'workflow.task.detailTitle' }, ErrorBoundary: RouteError,
                lazy: lazyPage(() => import('../pages/workflow/ProcessTaskPages').then((m) => ({ default: m.ProcessDetailPage }))),
              },
              // The built-in report viewer (parameter report.previewUrl): `?_u=blade-{name}`.
              { path: 'report/preview', handle: { title: 'menu.reportPreview' }, ErrorBoundary: RouteError, lazy: lazyPage(() => import('../pages/report/ReportPreviewPage')) },
              // The survey designer and statistics of 问卷调查 (DOMAIN 9.1).
              { path: 'survey/design/:id', handle: { title: 'survey.design' }, ErrorBoundary: RouteError, lazy: lazyPage(() => import('../pages/survey/SurveyDesignPage')) },
              { path: 'survey/stats/:id', handle: { title: 'survey.stats' }, ErrorBoundary: RouteError, lazy: lazyPage(() => import('../pages/survey/SurveyStatsPage')) },
              // Everything else comes from the server's menu tree (or is unknown: /404).
              { path: '*', ErrorBoundary: RouteError, lazy: lazyPage(() => import('./MenuRoute')) },
            ],
          },
        ],
      },
    ],
  },
]);
