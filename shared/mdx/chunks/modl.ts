/** MODL: its reader and writer live with the typed model, in shared/model/kinds/model-info.ts. */
export * from '../../model/kinds/model-info';
