import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { StepCaller } from '../two-factor';
import type { Caller } from './service';

/* What the auth route plugins share: the app they register on, tags, the caller, cookies. */

/** The app an auth route plugin registers its routes on (zod-typed, as `authRoutes` gets it). */
export type AuthApp = Parameters<FastifyPluginAsyncZod>[0];

export const tags = ['auth'];

export const caller = (request: FastifyRequest): Caller => ({
  headers: fromNodeHeaders(request.headers),
  ip: request.ip,
});

export const stepCaller = (request: FastifyRequest): StepCaller => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? '',
  cookieHeader: request.headers.cookie,
});

export const setCookies = (reply: FastifyReply, cookies: string[]) => {
  if (cookies.length > 0) void reply.header('set-cookie', cookies);
};
