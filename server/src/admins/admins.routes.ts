import { Router, type RequestHandler } from 'express';
import type { Sequelize } from 'sequelize';
import { adminCreateSchema, adminLoginSchema, adminUpdateSchema, idParamSchema } from '@stakedesk/shared/schemas';
import { readPage, sendPage } from '../http/pagination.js';
import { parse } from '../http/validate.js';
import { currentAdmin, login } from './admin-auth.js';
import { createAdmin, deleteAdmin, listAdmins, toAdminJson, updateAdmin } from './admins.service.js';

export function adminLoginRoute(secret: string, limiter: RequestHandler): Router {
  const router = Router();
  router.post('/login', limiter, async (req, res) => {
    res.json(await login(parse(adminLoginSchema, req.body), secret));
  });
  return router;
}

export function adminsAdminRoutes(sequelize: Sequelize): Router {
  const router = Router();
  router.get('/admins', async (req, res) => {
    sendPage(res, await listAdmins(readPage(req)));
  });
  router.post('/admins', async (req, res) => {
    const admin = await createAdmin(sequelize, parse(adminCreateSchema, req.body), currentAdmin(res));
    res.status(201).json(toAdminJson(admin));
  });
  router.put('/admins/:id', async (req, res) => {
    const id = parse(idParamSchema, req.params).id;
    const admin = await updateAdmin(sequelize, id, parse(adminUpdateSchema, req.body), currentAdmin(res));
    res.json(toAdminJson(admin));
  });
  router.delete('/admins/:id', async (req, res) => {
    await deleteAdmin(sequelize, parse(idParamSchema, req.params).id, currentAdmin(res));
    res.status(204).end();
  });
  return router;
}
