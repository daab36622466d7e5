import type { Router } from 'express';

interface Layer {
  rawPath?: string | string[];
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
}

/** Every route an Express app or router has mounted, as 'METHOD /path/:param' (the keys of shared/src/admin-routes.ts). */
export function mountedRoutes(router: Pick<Router, 'stack'>, prefix = ''): string[] {
  return (router.stack as Layer[]).flatMap((layer) => {
    if (layer.route) {
      const paths = [layer.route.path].flat();
      const methods = Object.keys(layer.route.methods).filter((method) => method !== '_all');
      return methods.flatMap((method) => paths.map((path) => `${method.toUpperCase()} ${path === '/' && prefix ? prefix : prefix + path}`));
    }
    if (!layer.handle.stack) return [];
    const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
    return mountedRoutes({ stack: layer.handle.stack } as Pick<Router, 'stack'>, prefix + mount);
  });
}
