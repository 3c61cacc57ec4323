/** VERS: its reader and writer live with the typed model, in shared/model/kinds/version.ts. */
export * from '../../model/kinds/version';
