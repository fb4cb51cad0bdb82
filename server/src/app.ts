import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import { errorBodySchema, errorMessage } from '@pactum/core/errors';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { accountRoutes } from './features/account/routes';
import { adminRoutes } from './features/admin/routes';
import { alertRoutes } from './features/alerts/routes';
import { apiTokenRoutes } from './features/api-tokens/routes';
import { archiveInboxRoutes } from './features/archive/inbox-routes';
import { archiveRoutes } from './features/archive/routes';
import { authRoutes } from './features/auth/routes';
import { commentRoutes } from './features/comments/routes';
import { dashboardRoutes } from './features/dashboard/routes';
import { dealRoutes } from './features/deals/routes';
import { devClockRoutes } from './features/dev-clock/routes';
import { devOutboxRoutes } from './features/dev-outbox/routes';
import { draftRoutes } from './features/drafts/routes';
import { fileRoutes } from './features/files/routes';
import { healthRoutes } from './features/health/routes';
import { importRoutes } from './features/imports/routes';
import { inviteRoutes } from './features/invites/routes';
import { notificationRoutes } from './features/notifications/routes';
import { searchRoutes } from './features/search/routes';
import { sectionRoutes } from './features/sections/routes';
import { sendingRoutes } from './features/sending/routes';
import { sharingRoutes } from './features/sharing/routes';
import { signingRoutes } from './features/signing/routes';
import { supportRoutes } from './features/support/routes';
import { documentTagRoutes } from './features/tags/routes';
import { templateRoutes } from './features/templates/routes';
import { twoFactorRoutes } from './features/two-factor';
import { webhookRoutes } from './features/webhooks/routes';
import { workspaceRoutes } from './features/workspaces/routes';
import { paymentWebhookRoutes } from './features/workspaces/webhook-routes';
import {
  type PrecompressedBody,
  precompress,
  preferredEncoding,
  registerCompression,
} from './http/compression';
import { registerCsrfGuard } from './http/csrf';
import { registerErrorHandler } from './http/error-handler';
import { registerGracefulStop } from './http/graceful-stop';
import { redactUrl } from './http/redact';
import { registerRequestScope } from './http/request-scope';
import { registerTokenGuard } from './http/token-guard';
import { registerJobs } from './jobs';
import { testProcessorRoutes } from './platform/payments/test-processor-routes';
import type { Platform } from './platform/platform';
import { liveRoutes } from './platform/realtime/routes';
import { serverRoot } from './server-root';

declare module 'fastify' {
  interface FastifyInstance {
    platform: Platform;
  }
}

export const defaultWebDistDir = path.resolve(serverRoot, '../web/dist');

export type AppOptions = {
  platform: Platform;
  /** pino options, `false` for none (tests). */
  logger?: FastifyServerOptions['logger'];
  /** The built web app; served at `/` when the folder exists. */
  webDistDir?: string;
  /** Extra routes registered beside the product's own (tests use it to provoke failures). */
  extraRoutes?: (app: FastifyInstance) => Promise<void>;
};

/** Request logs name method, redacted URL and caller; never cookies, tokens or bodies. */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    serializers: {
      req: (request: { method: string; url: string; ip?: string; id: string }) => ({
        id: request.id,
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.ip,
      }),
    },
  };
}

/**
 * Gives every API route the error body as its 4XX and 5XX answer (a route's own schema for a
 * status comes first): the OpenAPI document describes every refusal, and what an error answer
 * carries is checked and stripped like any other answer.
 */
function documentErrorAnswers(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!/^\/(api|dev)\//.test(route.url) || route.schema?.hide) return;
    route.schema = route.schema ?? {};
    route.schema.response = {
      '4XX': errorBodySchema,
      '5XX': errorBodySchema,
      ...(route.schema.response as Record<string, unknown> | undefined),
    };
  });
}

/** Builds the whole HTTP app around a started or unstarted platform. Tests use it in-process. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { platform } = options;
  const { config } = platform;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.logLevel),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // While stopping, requests on open connections are answered, not refused (graceful-stop.ts).
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('platform', platform);
  documentErrorAnswers(app);
  registerErrorHandler(app);
  registerGracefulStop(app);
  // First: the rest of every request, hooks included, runs in its scope.
  registerRequestScope(app);
  registerCsrfGuard(app);
  registerTokenGuard(app);
  // Every queue and its handler, as the worker has them (jobs.ts).
  registerJobs(platform);

  const isHttps = config.publicUrl.startsWith('https:');
  // The operator's chat widget (SUPPORT_CHAT_SCRIPT_URL): its origin may run its script, talk to
  // its servers and show its frames; without one the policy allows nothing outside Pactum.
  const chatOrigin = config.support.chatScriptUrl
    ? new URL(config.support.chatScriptUrl).origin
    : undefined;
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(chatOrigin ? [chatOrigin] : [])],
        // The component kit injects its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(chatOrigin ? [chatOrigin] : [])],
        // Frames otherwise follow default-src: 'self' stays allowed beside the widget's.
        ...(chatOrigin ? { frameSrc: ["'self'", chatOrigin] } : {}),
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(isHttps ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: isHttps ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // The same as frame-ancestors 'none' above, for browsers that only read this header.
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });
  // API answers are personal (or about to be): no browser or proxy may keep one unless the
  // route chose its own caching (downloads do).
  app.addHook('onSend', async (request, reply) => {
    if (!reply.hasHeader('cache-control') && /^\/(api|dev)\//.test(request.url)) {
      void reply.header('cache-control', 'no-store');
    }
  });
  await registerCompression(app);
  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Pactum API',
        description: 'Contract negotiation and e-signing',
        version: config.version,
      },
    },
    transform: jsonSchemaTransform,
    // Schemas with an id (the error body) become components that the answers refer to.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  // The document is the same for the life of the process: serialised and compressed once, on
  // first ask, then handed out as it is (so the compression plugin stays out of it).
  let openApi: PrecompressedBody | undefined;
  app.get(
    '/api/openapi.json',
    { schema: { hide: true }, compress: false },
    async (request, reply) => {
      openApi ??= precompress(JSON.stringify(app.swagger()));
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      reply.header('vary', 'accept-encoding').type('application/json; charset=utf-8');
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return reply.send(openApi[encoding]);
    },
  );

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(accountRoutes);
  await app.register(twoFactorRoutes);
  await app.register(apiTokenRoutes);
  await app.register(inviteRoutes);
  await app.register(workspaceRoutes);
  await app.register(dealRoutes);
  await app.register(paymentWebhookRoutes);
  await app.register(templateRoutes);
  await app.register(sectionRoutes);
  await app.register(sharingRoutes);
  await app.register(documentTagRoutes);
  for (const routes of [fileRoutes, importRoutes]) await app.register(routes);
  await app.register(draftRoutes);
  await app.register(sendingRoutes);
  await app.register(commentRoutes);
  await app.register(signingRoutes);
  await app.register(notificationRoutes);
  await app.register(webhookRoutes);
  await app.register(archiveRoutes);
  await app.register(archiveInboxRoutes);
  await app.register(alertRoutes);
  await app.register(dashboardRoutes);
  await app.register(searchRoutes);
  await app.register(adminRoutes);
  await app.register(supportRoutes);
  if (platform.payments?.kind === 'test') await app.register(testProcessorRoutes);
  await app.register(liveRoutes);
  if (config.isDevOutboxEnabled) await app.register(devOutboxRoutes);
  if (platform.clock.isMovable) await app.register(devClockRoutes);
  if (options.extraRoutes) await app.register(options.extraRoutes);

  const webDistDir = options.webDistDir ?? defaultWebDistDir;
  const hasWeb = fs.existsSync(path.join(webDistDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      // Files are looked up per request, so a new build is served without a restart.
      wildcard: true,
      index: 'index.html',
      // The build writes .br and .gz beside each file (web/scripts/precompress.mjs): a browser
      // gets the smallest it accepts, with Vary: Accept-Encoding. reply.sendFile does the same.
      preCompressed: true,
      setHeaders(res, filePath) {
        // Built assets have content hashes in their names; index.html must always be fresh.
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi =
      pathname.startsWith('/api/') || pathname === '/api' || pathname.startsWith('/dev/');
    if (hasWeb && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      // The browser app owns every other path, including its own 'Page not found'.
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ error: { code: 'not_found', message: errorMessage('not_found'), params: {} } });
  });

  return app;
}
