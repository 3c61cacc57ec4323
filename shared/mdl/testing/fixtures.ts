/**
 * MDL test fixtures: small texts that hold every block the MDL codec reads and the quirks that
 * trip other parsers. Pure strings, shared by the tests beside the MDL code.
 */

/**
 * A Reforged-style model in canonical block order: 9 nodes (objectIds 0–8), a PivotPoints entry
 * per node and a BindPose matrix per node whose translation x is the node's objectId; event
 * objects with GlobalSeqId inside and after their EventTrack, one without an EventTrack, node
 * tracks of every interpolation; `//` comments after values and inside blocks, a `/* *\/`
 * comment, later-version keywords (ShaderTypeId, SkinWeights, BillboardLockZ).
 */
export const FIXTURE_MDL = `// Fixture: every block the MDL codec reads, in canonical order.
Version {
\tFormatVersion 1000,
}
Model "Fixture" {
\tNumGeosets 1,
\tNumBones 1,
\tNumHelpers 1,
\tNumAttachments 1,
\tNumParticleEmitters2 1,
\tNumEvents 4,
\tBlendTime 150,
\tMinimumExtent { -1, -2.5, -3e2 },
\tMaximumExtent { 1, 2.5, 3E+2 },
\tBoundsRadius 12.5,
}
Sequences 2 {
\tAnim "Stand" {
\t\tInterval { 0, 1000 },
\t\tMinimumExtent { -1, -1, -1 },
\t\tMaximumExtent { 1, 1, 1 },
\t}
\tAnim "Cinematic" {
\t\tInterval { 1000, 80000 },
\t\tNonLooping,
\t\tMoveSpeed 270,
\t\tRarity 2,
\t}
}
GlobalSequences 2 {
\tDuration 2000,
\tDuration 500,
}
Textures 1 {
\tBitmap {
\t\tImage "Doodads\\Cinematic\\ArthasIllidanFight\\ArthasCape.blp",
\t\tWrapWidth,
\t}
}
Geoset {
\tVertices 1 {
\t\t{ 0, 0, 0 },
\t}
\tSkinWeights 1 {
\t\t0, 0, 0, 0, 255, 0, 0, 0,
\t}
\tLevelOfDetail 0,
\tName "Cape",
}
Bone "Root" {
\tObjectId 0,
\tGeosetId Multiple,
\tGeosetAnimId None,
\tRotation 2 {
\t\tHermite,
\t\t0: { 0, 0, 0, 1 },
\t\t\tInTan { 0, 0, 0, 1 },
\t\t\tOutTan { 0, 0, 0, 1 },
\t\t1000: { 0, 0, 1, 0 },
\t\t\tInTan { 0, 0, 1, 0 },
\t\t\tOutTan { 0, 0, 1, 0 },
\t}
}
Helper "Cape" {
\tObjectId 1,
\tParent 0,\t// "Root"
\tBillboardLockZ,
}
Attachment "Origin Ref" {
\tObjectId 2,
\tParent 1, // "Cape"
\tPath "",
}
PivotPoints 9 {
\t{ 0, 0, 0 },
\t{ 0, 0, 50 },
\t{ 0, 0, 0 },
\t{ 3, 3, 3 },
\t{ 4, 4, 4 },
\t{ 5, 5, 5 },
\t{ 6, 6, 6 },
\t{ 7, 7, 7 },
\t{ 8, 8, 8 },
}
ParticleEmitter2 "Dust" {
\tObjectId 3,
\tParent 0,\t// "Root"
\tstatic Speed 10,
\tShaderTypeId 1, /* a later-version keyword */
}
EventObject "MRFx0000" {
\tObjectId 4,
\tParent 1,\t// "Cape"
\tEventTrack 1 {
\t\t19300,
\t}
}
EventObject "MRDx0000" {
\tObjectId 5,
\tEventTrack 2 {
\t\tGlobalSeqId 0,
\t\t22300,
\t\t22400,
\t}
}
EventObject "SNDxFOOT" {
\tObjectId 6,
\t// the global sequence of this one follows its EventTrack (war3-model's form)
\tEventTrack 1 {
\t\t500,
\t}
\tGlobalSeqId 1,
\tTranslation 2 {
\t\tLinear,
\t\t0: { 0, 0, 0 },
\t\t1000: { 0, 0, 10 },
\t}
\tRotation 1 {
\t\tBezier,
\t\tGlobalSeqId 1,
\t\t0: { 0, 0, 0, 1 },
\t\t\tInTan { 0, 0, 0, 1 },
\t\t\tOutTan { 0, 0, 0, 1 },
\t}
\tScaling 1 {
\t\tDontInterp,
\t\t250: { 1, 1, 1 },
\t}
}
EventObject "UBRxNOKEYS" {
\tObjectId 7,
}
CollisionShape "Collision" {
\tObjectId 8,
\tSphere,
\tVertices 1 {
\t\t{ 0, 0, 0 },
\t}
\tBoundsRadius 30,
}
BindPose {
\tMatrices 9 {
\t\t{ 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0 },
\t\t{ 1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 0, 0 },
\t\t{ 1, 0, 0, 0, 1, 0, 0, 0, 1, 2, 0, 0 },
\t\t{ 1, 0, 0, 0, 1, 0, 0, 0, 1, 3, 0, 0 },
\t\t{ 1, 0, 0, 0, 1, 0, 0, 0, 1, 4, 0, 0 },
\t\t{ 1, 0, 0, 0, 1, 0, 0, 0, 1, 5, 0, 0 },
\t\t{ 1, 0, 0, 0, 1, 0, 0, 0, 1, 6, 0, 0 },
\t\t{ 1, 0, 0, 0, 1, 0, 0, 0, 1, 7, 0, 0 },
\t\t{ 1, 0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0 },
\t}
}
`;

/** A fragment: event objects without Version, Model or PivotPoints (a snippet pasted from a model). */
export const FRAGMENT_MDL = `EventObject "MRFx0001" { ObjectId 0, EventTrack 1 { 28133, } }
EventObject "MRDx0001" { ObjectId 1, EventTrack 1 { 36067, } }
`;
