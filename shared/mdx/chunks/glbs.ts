/** GLBS: its reader and writer live with the typed model, in shared/model/kinds/global-sequence.ts. */
export * from '../../model/kinds/global-sequence';
