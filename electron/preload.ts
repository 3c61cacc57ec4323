import { contextBridge } from 'electron';

contextBridge.exposeInMainWorld('morfHost', { runtime: 'electron' });
