/** BPOS: its reader and writer live with the typed model, in shared/model/kinds/bind-pose.ts. */
export * from '../../model/kinds/bind-pose';
