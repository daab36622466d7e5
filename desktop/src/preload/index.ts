import { contextBridge, ipcRenderer } from 'electron';
import { BRIDGE_KEY } from '../shared/bridge.js';
import { createBridge } from './bridge.js';

contextBridge.exposeInMainWorld(BRIDGE_KEY, createBridge(ipcRenderer));
