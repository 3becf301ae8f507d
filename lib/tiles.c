/* SPDX-License-Identifier: MIT */
/*
 * The first-edition ("C1") base game tiles, transcribed from the rules
 * reference (doc/users/rules.md#tiles-base), canonical orientation = rotation
 * 0.  Feature order on a tile: cities, roads, fields, monastery; cities come
 * first so that a field's bordered-city bit i is local feature i.
 */
#include "config.h"

#include <string.h>

#include "carc-private.h"

#define C CARC_EDGE_CITY
#define R CARC_EDGE_ROAD
#define F CARC_EDGE_FIELD
#define V CARC_EDGE_RIVER

#define CITY(n, s, p) { CARC_FEATURE_CITY, n, s, p, 0, 0, 0, 0 }
#define ROAD(n, s) { CARC_FEATURE_ROAD, n, s, 0, 0, 0, 0, 0 }
#define FIELD(n, h, c) { CARC_FEATURE_FIELD, n, h, 0, c, 0, 0, 0 }
#define MONA { CARC_FEATURE_MONASTERY, 1, 0, 0, 0, 0, 0, 0 }
/* Inns & Cathedrals: a city with a cathedral, a road with an inn */
#define CATHEDRAL(n, s, p) \
	{ CARC_FEATURE_CITY, n, s, p, 0, FEAT_SPECIAL, 0, 0 }
#define INN(n, s) { CARC_FEATURE_ROAD, n, s, 0, 0, FEAT_SPECIAL, 0, 0 }
/* a city with a goods symbol (Traders & Builders) */
#define GCITY(n, s, g) { CARC_FEATURE_CITY, n, s, 0, 0, 0, CARC_GOODS_##g, 0 }

#define ALLH (H_NL | H_NR | H_EL | H_ER | H_SL | H_SR | H_WL | H_WR)
#define NESW (SIDE_N | SIDE_E | SIDE_S | SIDE_W)

const struct tile_def carc__tiles[CARC_TILE_TYPES] = {
	/* A: monastery, road south ending at it */
	{ "A", 2, { F, F, R, F }, 3, {
		ROAD(1, SIDE_S), FIELD(1, ALLH, 0), MONA }, 0 },
	/* B: monastery in a field */
	{ "B", 4, { F, F, F, F }, 2, { FIELD(1, ALLH, 0), MONA }, 0 },
	/* C: city on all sides, pennant */
	{ "C", 1, { C, C, C, C }, 1, { CITY(1, NESW, 1) }, 0 },
	/* D: city cap north, straight road west-east (start tile) */
	{ "D", 3, { C, R, F, R }, 4, {
		CITY(1, SIDE_N, 0), ROAD(1, SIDE_E | SIDE_W),
		FIELD(1, H_EL | H_WR, 1),
		FIELD(2, H_ER | H_SL | H_SR | H_WL, 0) }, 0 },
	/* E: city cap north */
	{ "E", 5, { C, F, F, F }, 2, {
		CITY(1, SIDE_N, 0),
		FIELD(1, H_EL | H_ER | H_SL | H_SR | H_WL | H_WR, 1) }, 0 },
	/* F: city band west-east with pennant, fields north and south */
	{ "F", 2, { F, C, F, C }, 3, {
		CITY(1, SIDE_E | SIDE_W, 1),
		FIELD(1, H_NL | H_NR, 1), FIELD(2, H_SL | H_SR, 1) }, 0 },
	/* G: as F without pennant */
	{ "G", 1, { F, C, F, C }, 3, {
		CITY(1, SIDE_E | SIDE_W, 0),
		FIELD(1, H_NL | H_NR, 1), FIELD(2, H_SL | H_SR, 1) }, 0 },
	/* H: two separate caps north and south */
	{ "H", 3, { C, F, C, F }, 3, {
		CITY(1, SIDE_N, 0), CITY(2, SIDE_S, 0),
		FIELD(1, H_EL | H_ER | H_WL | H_WR, 3) }, 0 },
	/* I: two separate caps north and west */
	{ "I", 2, { C, F, F, C }, 3, {
		CITY(1, SIDE_N, 0), CITY(2, SIDE_W, 0),
		FIELD(1, H_EL | H_ER | H_SL | H_SR, 3) }, 0 },
	/* J: cap north, road east-south */
	{ "J", 3, { C, R, R, F }, 4, {
		CITY(1, SIDE_N, 0), ROAD(1, SIDE_E | SIDE_S),
		FIELD(1, H_EL | H_SR | H_WL | H_WR, 1),
		FIELD(2, H_ER | H_SL, 0) }, 0 },
	/* K: cap north, road south-west */
	{ "K", 3, { C, F, R, R }, 4, {
		CITY(1, SIDE_N, 0), ROAD(1, SIDE_S | SIDE_W),
		FIELD(1, H_EL | H_ER | H_SL | H_WR, 1),
		FIELD(2, H_SR | H_WL, 0) }, 0 },
	/* L: cap north, three roads ending at a junction */
	{ "L", 3, { C, R, R, R }, 7, {
		CITY(1, SIDE_N, 0),
		ROAD(1, SIDE_E), ROAD(2, SIDE_S), ROAD(3, SIDE_W),
		FIELD(1, H_EL | H_WR, 1), FIELD(2, H_ER | H_SL, 0),
		FIELD(3, H_SR | H_WL, 0) }, 0 },
	/* M: diagonal city north-west with pennant */
	{ "M", 2, { C, F, F, C }, 2, {
		CITY(1, SIDE_N | SIDE_W, 1),
		FIELD(1, H_EL | H_ER | H_SL | H_SR, 1) }, 0 },
	/* N: as M without pennant */
	{ "N", 3, { C, F, F, C }, 2, {
		CITY(1, SIDE_N | SIDE_W, 0),
		FIELD(1, H_EL | H_ER | H_SL | H_SR, 1) }, 0 },
	/* O: diagonal city with pennant, road east-south */
	{ "O", 2, { C, R, R, C }, 4, {
		CITY(1, SIDE_N | SIDE_W, 1), ROAD(1, SIDE_E | SIDE_S),
		FIELD(1, H_EL | H_SR, 1), FIELD(2, H_ER | H_SL, 0) }, 0 },
	/* P: as O without pennant */
	{ "P", 3, { C, R, R, C }, 4, {
		CITY(1, SIDE_N | SIDE_W, 0), ROAD(1, SIDE_E | SIDE_S),
		FIELD(1, H_EL | H_SR, 1), FIELD(2, H_ER | H_SL, 0) }, 0 },
	/* Q: city on three sides with pennant, field south */
	{ "Q", 1, { C, C, F, C }, 2, {
		CITY(1, SIDE_N | SIDE_E | SIDE_W, 1),
		FIELD(1, H_SL | H_SR, 1) }, 0 },
	/* R: as Q without pennant */
	{ "R", 3, { C, C, F, C }, 2, {
		CITY(1, SIDE_N | SIDE_E | SIDE_W, 0),
		FIELD(1, H_SL | H_SR, 1) }, 0 },
	/* S: three-sided city with pennant, road from the gate south */
	{ "S", 2, { C, C, R, C }, 4, {
		CITY(1, SIDE_N | SIDE_E | SIDE_W, 1), ROAD(1, SIDE_S),
		FIELD(1, H_SL, 1), FIELD(2, H_SR, 1) }, 0 },
	/* T: as S without pennant */
	{ "T", 1, { C, C, R, C }, 4, {
		CITY(1, SIDE_N | SIDE_E | SIDE_W, 0), ROAD(1, SIDE_S),
		FIELD(1, H_SL, 1), FIELD(2, H_SR, 1) }, 0 },
	/* U: straight road west-east */
	{ "U", 8, { F, R, F, R }, 3, {
		ROAD(1, SIDE_E | SIDE_W),
		FIELD(1, H_NL | H_NR | H_EL | H_WR, 0),
		FIELD(2, H_ER | H_SL | H_SR | H_WL, 0) }, 0 },
	/* V: road curve west-south */
	{ "V", 9, { F, F, R, R }, 3, {
		ROAD(1, SIDE_S | SIDE_W),
		FIELD(1, H_NL | H_NR | H_EL | H_ER | H_SL | H_WR, 0),
		FIELD(2, H_SR | H_WL, 0) }, 0 },
	/* W: three roads ending at a junction, field north */
	{ "W", 4, { F, R, R, R }, 6, {
		ROAD(1, SIDE_E), ROAD(2, SIDE_S), ROAD(3, SIDE_W),
		FIELD(1, H_NL | H_NR | H_EL | H_WR, 0),
		FIELD(2, H_ER | H_SL, 0), FIELD(3, H_SR | H_WL, 0) }, 0 },
	/* X: four roads ending at a crossing */
	{ "X", 1, { R, R, R, R }, 8, {
		ROAD(1, SIDE_N), ROAD(2, SIDE_E), ROAD(3, SIDE_S),
		ROAD(4, SIDE_W),
		FIELD(1, H_NL | H_WR, 0), FIELD(2, H_NR | H_EL, 0),
		FIELD(3, H_ER | H_SL, 0), FIELD(4, H_SR | H_WL, 0) }, 0 },

	/*
	 * Crop Circles I and II (doc/users/rules.md#tiles-crop).  A road that
	 * runs into a crop circle ends there; where the circle splits a
	 * field the encoding already has two fields.  Only the symbol is
	 * new.
	 */
	/* CCI-1: diagonal city north-west */
	{ "CCI-1", 1, { C, F, F, C }, 2, {
		CITY(1, SIDE_N | SIDE_W, 0),
		FIELD(1, H_EL | H_ER | H_SL | H_SR, 1) },
	  CARC_SYMBOL_SHIELD },
	/* CCI-2: separate caps north and east */
	{ "CCI-2", 1, { C, C, F, F }, 3, {
		CITY(1, SIDE_N, 0), CITY(2, SIDE_E, 0),
		FIELD(1, H_SL | H_SR | H_WL | H_WR, 3) },
	  CARC_SYMBOL_SHIELD },
	/* CCI-3: cap north, road from the east ends at the circle */
	{ "CCI-3", 1, { C, R, F, F }, 3, {
		CITY(1, SIDE_N, 0), ROAD(1, SIDE_E),
		FIELD(1, H_EL | H_ER | H_SL | H_SR | H_WL | H_WR, 1) },
	  CARC_SYMBOL_PITCHFORK },
	/* CCI-4: road curve west-south */
	{ "CCI-4", 1, { F, F, R, R }, 3, {
		ROAD(1, SIDE_S | SIDE_W),
		FIELD(1, H_NL | H_NR | H_EL | H_ER | H_SL | H_WR, 0),
		FIELD(2, H_SR | H_WL, 0) },
	  CARC_SYMBOL_CLUB },
	/* CCI-5: cap north, road curve south-west */
	{ "CCI-5", 1, { C, F, R, R }, 4, {
		CITY(1, SIDE_N, 0), ROAD(1, SIDE_S | SIDE_W),
		FIELD(1, H_EL | H_ER | H_SL | H_WR, 1),
		FIELD(2, H_SR | H_WL, 0) },
	  CARC_SYMBOL_PITCHFORK },
	/* CCI-6: roads north, south and west end at a crossing */
	{ "CCI-6", 1, { R, F, R, R }, 6, {
		ROAD(1, SIDE_N), ROAD(2, SIDE_S), ROAD(3, SIDE_W),
		FIELD(1, H_NL | H_WR, 0),
		FIELD(2, H_NR | H_EL | H_ER | H_SL, 0),
		FIELD(3, H_SR | H_WL, 0) },
	  CARC_SYMBOL_CLUB },
	/* CCII-1: road from the east ends at the circle; curve west-south */
	{ "CCII-1", 1, { F, R, R, R }, 5, {
		ROAD(1, SIDE_E), ROAD(2, SIDE_S | SIDE_W),
		FIELD(1, H_NL | H_NR | H_EL | H_WR, 0),
		FIELD(2, H_ER | H_SL, 0), FIELD(3, H_SR | H_WL, 0) },
	  CARC_SYMBOL_CLUB },
	/* CCII-2: roads from north and east end at the circle; curve
	 * west-south */
	{ "CCII-2", 1, { R, R, R, R }, 6, {
		ROAD(1, SIDE_N), ROAD(2, SIDE_E), ROAD(3, SIDE_S | SIDE_W),
		FIELD(1, H_NL | H_ER | H_SL | H_WR, 0),
		FIELD(2, H_NR | H_EL, 0), FIELD(3, H_SR | H_WL, 0) },
	  CARC_SYMBOL_CLUB },
	/* CCII-3: cap north, road from the south ends at the circle */
	{ "CCII-3", 1, { C, F, R, F }, 3, {
		CITY(1, SIDE_N, 0), ROAD(1, SIDE_S),
		FIELD(1, H_EL | H_ER | H_SL | H_SR | H_WL | H_WR, 1) },
	  CARC_SYMBOL_PITCHFORK },
	/* CCII-4: cap north, roads from east and west end at the circle */
	{ "CCII-4", 1, { C, R, F, R }, 5, {
		CITY(1, SIDE_N, 0), ROAD(1, SIDE_E), ROAD(2, SIDE_W),
		FIELD(1, H_EL | H_WR, 1),
		FIELD(2, H_ER | H_SL | H_SR | H_WL, 0) },
	  CARC_SYMBOL_PITCHFORK },
	/* CCII-5: caps north and south, crop band splits the field */
	{ "CCII-5", 1, { C, F, C, F }, 4, {
		CITY(1, SIDE_N, 0), CITY(2, SIDE_S, 0),
		FIELD(1, H_EL | H_ER, 3), FIELD(2, H_WL | H_WR, 3) },
	  CARC_SYMBOL_SHIELD },
	/* CCII-6: two diagonal cities, no field */
	{ "CCII-6", 1, { C, C, C, C }, 2, {
		CITY(1, SIDE_N | SIDE_W, 0), CITY(2, SIDE_E | SIDE_S, 0) },
	  CARC_SYMBOL_SHIELD },

	/*
	 * The River, first edition (doc/users/rules.md#tiles-river), in
	 * JCloisterZone's orientation.  A river side (V) belongs to no
	 * feature; its two halves are the fields of the two banks, as a
	 * road side's are.  The spring is placed at the start, never drawn.
	 */
	/* RI-1: the spring, river ending at E; one field all round */
	{ "RI-1", 0, { F, V, F, F }, 1, { FIELD(1, ALLH, 0) }, 0 },
	/* RI-2: the lake, river ending at W; one field all round */
	{ "RI-2", 1, { F, F, F, V }, 1, { FIELD(1, ALLH, 0) }, 0 },
	/* RI-3: straight river W-E between city caps N and S */
	{ "RI-3", 1, { C, V, C, V }, 4, {
		CITY(1, SIDE_N, 0), CITY(2, SIDE_S, 0),
		FIELD(1, H_EL | H_WR, 1), FIELD(2, H_ER | H_WL, 2) }, 0 },
	/* RI-4: straight river W-E; city cap N, road ending at S */
	{ "RI-4", 1, { C, V, R, V }, 6, {
		CITY(1, SIDE_N, 0), ROAD(1, SIDE_S),
		FIELD(1, H_EL, 1), FIELD(2, H_ER | H_SL, 0),
		FIELD(3, H_SR | H_WL, 0), FIELD(4, H_WR, 1) }, 0 },
	/* RI-5: straight river W-E; monastery, road from it to S */
	{ "RI-5", 1, { F, V, R, V }, 5, {
		ROAD(1, SIDE_S), FIELD(1, H_NL | H_NR | H_EL | H_WR, 0),
		FIELD(2, H_ER | H_SL, 0), FIELD(3, H_SR | H_WL, 0), MONA }, 0 },
	/* RI-6: straight river N-S under a road bridge W-E */
	{ "RI-6", 1, { V, R, V, R }, 5, {
		ROAD(1, SIDE_E | SIDE_W),
		FIELD(1, H_NL | H_WR, 0), FIELD(2, H_NR | H_EL, 0),
		FIELD(3, H_ER | H_SL, 0), FIELD(4, H_SR | H_WL, 0) }, 0 },
	/* RI-7: straight river W-E, a field on each bank */
	{ "RI-7", 2, { F, V, F, V }, 2, {
		FIELD(1, H_NL | H_NR | H_EL | H_WR, 0),
		FIELD(2, H_ER | H_SL | H_SR | H_WL, 0) }, 0 },
	/* RI-8: river curve S-E; city N+W */
	{ "RI-8", 1, { C, V, V, C }, 3, {
		CITY(1, SIDE_N | SIDE_W, 0),
		FIELD(1, H_EL | H_SR, 1), FIELD(2, H_ER | H_SL, 0) }, 0 },
	/* RI-9: river curve W-S; road curve N-E */
	{ "RI-9", 1, { R, R, V, V }, 4, {
		ROAD(1, SIDE_N | SIDE_E),
		FIELD(1, H_NL | H_ER | H_SL | H_WR, 0),
		FIELD(2, H_NR | H_EL, 0), FIELD(3, H_SR | H_WL, 0) }, 0 },
	/* RI-10: river curve W-S */
	{ "RI-10", 2, { F, F, V, V }, 2, {
		FIELD(1, H_NL | H_NR | H_EL | H_ER | H_SL | H_WR, 0),
		FIELD(2, H_SR | H_WL, 0) }, 0 },

	/*
	 * Inns & Cathedrals, first edition (doc/users/rules.md#tiles-ic), in
	 * JCloisterZone's orientation and order (inns_and_cathedrals.xml,
	 * set inns-and-cathedrals:1).  An inn marks its road segment, a
	 * cathedral its city segment (FEAT_SPECIAL).
	 */
	/* IC-1 (IC/Cccc.c): city on all four sides with a cathedral */
	{ "IC-1", 2, { C, C, C, C }, 1, { CATHEDRAL(1, NESW, 0) }, 0 },
	/* IC-2 (IC/LRFR): monastery, roads from east and west end at it */
	{ "IC-2", 1, { F, R, F, R }, 5, {
		ROAD(1, SIDE_E), ROAD(2, SIDE_W),
		FIELD(1, H_NL | H_NR | H_EL | H_WR, 0),
		FIELD(2, H_ER | H_SL | H_SR | H_WL, 0), MONA }, 0 },
	/* IC-3 (IC/CCCC): four separate caps, a field in the middle that
	 * touches no side */
	{ "IC-3", 1, { C, C, C, C }, 5, {
		CITY(1, SIDE_N, 0), CITY(2, SIDE_E, 0), CITY(3, SIDE_S, 0),
		CITY(4, SIDE_W, 0), FIELD(1, 0, 15) }, 0 },
	/* IC-4 (IC/CCC): three separate caps north, east and west */
	{ "IC-4", 1, { C, C, F, C }, 4, {
		CITY(1, SIDE_N, 0), CITY(2, SIDE_E, 0), CITY(3, SIDE_W, 0),
		FIELD(1, H_SL | H_SR, 7) }, 0 },
	/* IC-5 (IC/CRCR): caps north and south, roads from east and west
	 * end on the tile, four corner fields */
	{ "IC-5", 1, { C, R, C, R }, 8, {
		CITY(1, SIDE_N, 0), CITY(2, SIDE_S, 0),
		ROAD(1, SIDE_E), ROAD(2, SIDE_W),
		FIELD(1, H_EL, 1), FIELD(2, H_ER, 2), FIELD(3, H_WL, 2),
		FIELD(4, H_WR, 1) }, 0 },
	/* IC-6 (IC/CCc+): city north-west with pennant, separate cap south */
	{ "IC-6", 1, { C, F, C, C }, 3, {
		CITY(1, SIDE_N | SIDE_W, 1), CITY(2, SIDE_S, 0),
		FIELD(1, H_EL | H_ER, 3) }, 0 },
	/* IC-7 (IC/C!): cap north, field east apart from field south-west */
	{ "IC-7", 1, { C, F, F, F }, 3, {
		CITY(1, SIDE_N, 0), FIELD(1, H_EL | H_ER, 1),
		FIELD(2, H_SL | H_SR | H_WL | H_WR, 1) }, 0 },
	/* IC-8 (IC/CFR): cap north, road from the south ends on the tile */
	{ "IC-8", 1, { C, F, R, F }, 4, {
		CITY(1, SIDE_N, 0), ROAD(1, SIDE_S),
		FIELD(1, H_EL | H_ER | H_SL, 1),
		FIELD(2, H_SR | H_WL | H_WR, 1) }, 0 },
	/* IC-9 (IC/CcR): city north-west, road from the east ends on it */
	{ "IC-9", 1, { C, R, F, C }, 4, {
		CITY(1, SIDE_N | SIDE_W, 0), ROAD(1, SIDE_E),
		FIELD(1, H_EL, 1), FIELD(2, H_ER | H_SL | H_SR, 1) }, 0 },
	/* IC-10 (IC/CRcR+): city west-east with pennant, roads from north
	 * and south end at it */
	{ "IC-10", 1, { R, C, R, C }, 7, {
		CITY(1, SIDE_E | SIDE_W, 1), ROAD(1, SIDE_N), ROAD(2, SIDE_S),
		FIELD(1, H_NL, 1), FIELD(2, H_NR, 1), FIELD(3, H_SL, 1),
		FIELD(4, H_SR, 1) }, 0 },
	/* IC-11 (IC/RCc.i): city north-west, road from the south with an
	 * inn ends at it */
	{ "IC-11", 1, { C, F, R, C }, 4, {
		CITY(1, SIDE_N | SIDE_W, 0), INN(1, SIDE_S),
		FIELD(1, H_EL | H_ER | H_SL, 1), FIELD(2, H_SR, 1) }, 0 },
	/* IC-12 (IC/RrC.i): cap north, road west-south with an inn */
	{ "IC-12", 1, { C, F, R, R }, 4, {
		CITY(1, SIDE_N, 0), INN(1, SIDE_S | SIDE_W),
		FIELD(1, H_EL | H_ER | H_SL | H_WR, 1),
		FIELD(2, H_SR | H_WL, 0) }, 0 },
	/* IC-13 (IC/CcRr+.i): city north-west with pennant, road east-south
	 * with an inn */
	{ "IC-13", 1, { C, R, R, C }, 4, {
		CITY(1, SIDE_N | SIDE_W, 1), INN(1, SIDE_E | SIDE_S),
		FIELD(1, H_EL | H_SR, 1), FIELD(2, H_ER | H_SL, 0) }, 0 },
	/* IC-14 (IC/RRR.i): three roads end at a junction, the east one
	 * with an inn */
	{ "IC-14", 1, { F, R, R, R }, 6, {
		INN(1, SIDE_E), ROAD(2, SIDE_S), ROAD(3, SIDE_W),
		FIELD(1, H_NL | H_NR | H_EL | H_WR, 0),
		FIELD(2, H_ER | H_SL, 0), FIELD(3, H_SR | H_WL, 0) }, 0 },
	/* IC-15 (IC/RFr.i): straight road west-east with an inn */
	{ "IC-15", 1, { F, R, F, R }, 3, {
		INN(1, SIDE_E | SIDE_W),
		FIELD(1, H_NL | H_NR | H_EL | H_WR, 0),
		FIELD(2, H_ER | H_SL | H_SR | H_WL, 0) }, 0 },
	/* IC-16 (IC/Rr.i): road curve west-south with an inn */
	{ "IC-16", 1, { F, F, R, R }, 3, {
		INN(1, SIDE_S | SIDE_W),
		FIELD(1, H_NL | H_NR | H_EL | H_ER | H_SL | H_WR, 0),
		FIELD(2, H_SR | H_WL, 0) }, 0 },
	/* IC-17 (IC/RrRr): two road curves, north-west and east-south, not
	 * joined */
	{ "IC-17", 1, { R, R, R, R }, 5, {
		ROAD(1, SIDE_N | SIDE_W), ROAD(2, SIDE_E | SIDE_S),
		FIELD(1, H_NL | H_WR, 0), FIELD(2, H_NR | H_EL | H_SR | H_WL, 0),
		FIELD(3, H_ER | H_SL, 0) }, 0 },
	/*
	 * Traders & Builders, first edition (doc/users/rules.md#tiles-tb),
	 * in the order of JCloisterZone's set traders-and-builders:1.  A
	 * field that reaches no side (enclosed by cities) has no
	 * half-edges.
	 */
	/* TB-1 (TB/Cc.g): city N+W with grain */
	{ "TB-1", 1, { C, F, F, C }, 2, {
		GCITY(1, SIDE_N | SIDE_W, GRAIN),
		FIELD(1, H_EL | H_ER | H_SL | H_SR, 1) }, 0 },
	/* TB-2 (TB/Cc.w): city N+W with wine */
	{ "TB-2", 1, { C, F, F, C }, 2, {
		GCITY(1, SIDE_N | SIDE_W, WINE),
		FIELD(1, H_EL | H_ER | H_SL | H_SR, 1) }, 0 },
	/* TB-3 (TB/CCc.c): city E+W with cloth, cap S, enclosed field */
	{ "TB-3", 1, { F, C, C, C }, 4, {
		GCITY(1, SIDE_E | SIDE_W, CLOTH), CITY(2, SIDE_S, 0),
		FIELD(1, H_NL | H_NR, 1), FIELD(2, 0, 3) }, 0 },
	/* TB-4 (TB/CCc.w): as TB-3 with wine */
	{ "TB-4", 1, { F, C, C, C }, 4, {
		GCITY(1, SIDE_E | SIDE_W, WINE), CITY(2, SIDE_S, 0),
		FIELD(1, H_NL | H_NR, 1), FIELD(2, 0, 3) }, 0 },
	/* TB-5 (TB/Ccc.g): city N+E+W with grain */
	{ "TB-5", 1, { C, C, F, C }, 2, {
		GCITY(1, SIDE_N | SIDE_E | SIDE_W, GRAIN),
		FIELD(1, H_SL | H_SR, 1) }, 0 },
	/* TB-6 (TB/CcCC.c): city N+W with cloth, caps E and S, enclosed
	 * field */
	{ "TB-6", 1, { C, C, C, C }, 4, {
		GCITY(1, SIDE_N | SIDE_W, CLOTH), CITY(2, SIDE_E, 0),
		CITY(3, SIDE_S, 0), FIELD(1, 0, 7) }, 0 },
	/* TB-7 (TB/CcRR!.c): city N+W with cloth, roads E and S ending */
	{ "TB-7", 1, { C, R, R, C }, 7, {
		GCITY(1, SIDE_N | SIDE_W, CLOTH), ROAD(1, SIDE_E),
		ROAD(2, SIDE_S), FIELD(1, H_EL, 1), FIELD(2, H_ER, 1),
		FIELD(3, H_SL, 1), FIELD(4, H_SR, 1) }, 0 },
	/* TB-8 (TB/CcRR.w): city N+W with wine, roads E and S ending */
	{ "TB-8", 1, { C, R, R, C }, 6, {
		GCITY(1, SIDE_N | SIDE_W, WINE), ROAD(1, SIDE_E),
		ROAD(2, SIDE_S), FIELD(1, H_EL, 1), FIELD(2, H_ER | H_SL, 1),
		FIELD(3, H_SR, 1) }, 0 },
	/* TB-9 (TB/CcRC.c): city N+W with cloth, cap S, road E ending */
	{ "TB-9", 1, { C, R, C, C }, 5, {
		GCITY(1, SIDE_N | SIDE_W, CLOTH), CITY(2, SIDE_S, 0),
		ROAD(1, SIDE_E), FIELD(1, H_EL, 1), FIELD(2, H_ER, 3) }, 0 },
	/* TB-10 (TB/CcRC.g): as TB-9 with grain */
	{ "TB-10", 1, { C, R, C, C }, 5, {
		GCITY(1, SIDE_N | SIDE_W, GRAIN), CITY(2, SIDE_S, 0),
		ROAD(1, SIDE_E), FIELD(1, H_EL, 1), FIELD(2, H_ER, 3) }, 0 },
	/* TB-11 (TB/CcR.c): city N+W with cloth, road E ending */
	{ "TB-11", 1, { C, R, F, C }, 4, {
		GCITY(1, SIDE_N | SIDE_W, CLOTH), ROAD(1, SIDE_E),
		FIELD(1, H_EL, 1), FIELD(2, H_ER | H_SL | H_SR, 1) }, 0 },
	/* TB-12 (TB/CcR!.w): city N+W with wine, road E ending, three
	 * fields */
	{ "TB-12", 1, { C, R, F, C }, 5, {
		GCITY(1, SIDE_N | SIDE_W, WINE), ROAD(1, SIDE_E),
		FIELD(1, H_EL, 1), FIELD(2, H_ER, 1),
		FIELD(3, H_SL | H_SR, 1) }, 0 },
	/* TB-13 (TB/CccR.w): city N+E+W with wine, road S ending */
	{ "TB-13", 1, { C, C, R, C }, 4, {
		GCITY(1, SIDE_N | SIDE_E | SIDE_W, WINE), ROAD(1, SIDE_S),
		FIELD(1, H_SL, 1), FIELD(2, H_SR, 1) }, 0 },
	/* TB-14 (TB/CcCc.w): city N+W with wine, city E+S, enclosed field */
	{ "TB-14", 1, { C, C, C, C }, 3, {
		GCITY(1, SIDE_N | SIDE_W, WINE), CITY(2, SIDE_E | SIDE_S, 0),
		FIELD(1, 0, 3) }, 0 },
	/* TB-15 (TB/CFc.w): city E+W with wine */
	{ "TB-15", 1, { F, C, F, C }, 3, {
		GCITY(1, SIDE_E | SIDE_W, WINE),
		FIELD(1, H_NL | H_NR, 1), FIELD(2, H_SL | H_SR, 1) }, 0 },
	/* TB-16 (TB/CR): cap N, road E ending */
	{ "TB-16", 1, { C, R, F, F }, 4, {
		CITY(1, SIDE_N, 0), ROAD(1, SIDE_E), FIELD(1, H_EL, 1),
		FIELD(2, H_ER | H_SL | H_SR | H_WL | H_WR, 1) }, 0 },
	/* TB-17 (TB/CRc.g): city E+W with grain, road S ending */
	{ "TB-17", 1, { F, C, R, C }, 5, {
		GCITY(1, SIDE_E | SIDE_W, GRAIN), ROAD(1, SIDE_S),
		FIELD(1, H_NL | H_NR, 1), FIELD(2, H_SL, 1),
		FIELD(3, H_SR, 1) }, 0 },
	/* TB-18 (TB/CRc.w): as TB-17 with wine */
	{ "TB-18", 1, { F, C, R, C }, 5, {
		GCITY(1, SIDE_E | SIDE_W, WINE), ROAD(1, SIDE_S),
		FIELD(1, H_NL | H_NR, 1), FIELD(2, H_SL, 1),
		FIELD(3, H_SR, 1) }, 0 },
	/* TB-19 (TB/CRcR.w): city E+W with wine, roads N and S ending */
	{ "TB-19", 1, { R, C, R, C }, 7, {
		GCITY(1, SIDE_E | SIDE_W, WINE), ROAD(1, SIDE_N),
		ROAD(2, SIDE_S), FIELD(1, H_NL, 1), FIELD(2, H_NR, 1),
		FIELD(3, H_SL, 1), FIELD(4, H_SR, 1) }, 0 },
	/* TB-20 (TB/LRRR): monastery, roads E, S and W ending at it */
	{ "TB-20", 1, { F, R, R, R }, 7, {
		ROAD(1, SIDE_E), ROAD(2, SIDE_S), ROAD(3, SIDE_W),
		FIELD(1, H_NL | H_NR | H_EL | H_WR, 0),
		FIELD(2, H_ER | H_SL, 0), FIELD(3, H_SR | H_WL, 0), MONA },
	  0 },
	/* TB-21 (TB/RCc.g): city N+W with grain, road S ending */
	{ "TB-21", 1, { C, F, R, C }, 4, {
		GCITY(1, SIDE_N | SIDE_W, GRAIN), ROAD(1, SIDE_S),
		FIELD(1, H_EL | H_ER | H_SL, 1), FIELD(2, H_SR, 1) }, 0 },
	/* TB-22 (TB/RCc!.g): as TB-21 with three fields */
	{ "TB-22", 1, { C, F, R, C }, 5, {
		GCITY(1, SIDE_N | SIDE_W, GRAIN), ROAD(1, SIDE_S),
		FIELD(1, H_EL | H_ER, 1), FIELD(2, H_SL, 1),
		FIELD(3, H_SR, 1) }, 0 },
	/* TB-23 (TB/RRC): cap N, roads S and W ending */
	{ "TB-23", 1, { C, F, R, R }, 6, {
		CITY(1, SIDE_N, 0), ROAD(1, SIDE_S), ROAD(2, SIDE_W),
		FIELD(1, H_EL | H_ER | H_SL, 1), FIELD(2, H_SR | H_WL, 0),
		FIELD(3, H_WR, 1) }, 0 },
	/* TB-24 (TB/RRrr): bridge, road N-S over road W-E, four fields */
	{ "TB-24", 1, { R, R, R, R }, 6, {
		ROAD(1, SIDE_N | SIDE_S), ROAD(2, SIDE_E | SIDE_W),
		FIELD(1, H_NL | H_WR, 0), FIELD(2, H_NR | H_EL, 0),
		FIELD(3, H_ER | H_SL, 0), FIELD(4, H_SR | H_WL, 0) }, 0 },
};

/* Inns & Cathedrals' tiles enter the stack only with it. */
bool
carc__ic_tile_enabled(const int32_t *opt, uint32_t tile)
{
	if (tile >= CARC_TILE_IC_1 && tile <= CARC_TILE_IC_17)
		return opt[CARC_OPT_INNS_CATHEDRALS] != 0;
	return true;
}



CARC_EXPORT int
carc_tile_feature_goods(uint32_t tile, uint32_t feature)
{
	int i;

	if (tile >= CARC_TILE_TYPES)
		return CARC_E_UNKNOWN_TILE;
	i = carc__tile_feat_index(tile, feature);
	if (i < 0)
		return CARC_E_NO_FEATURE;
	return carc__tiles[tile].feats[i].goods;
}

CARC_EXPORT int
carc_tile_symbol(uint32_t tile)
{
	if (tile >= CARC_TILE_TYPES)
		return CARC_E_UNKNOWN_TILE;
	return carc__tiles[tile].symbol;
}

int
carc__tile_feat_index(uint32_t tile, uint32_t feature)
{
	const struct tile_def *d;
	uint32_t kind = feature >> 4, num = feature & 15;

	if (tile >= CARC_TILE_TYPES)
		return -1;
	d = &carc__tiles[tile];
	for (int i = 0; i < d->n_feats; i++)
		if (d->feats[i].kind == kind && d->feats[i].num == num)
			return i;
	return -1;
}

CARC_EXPORT const char *
carc_tile_name(uint32_t tile)
{
	if (tile >= CARC_TILE_TYPES)
		return NULL;
	return carc__tiles[tile].name;
}

CARC_EXPORT int
carc_tile_from_name(const char *name)
{
	if (!name)
		return CARC_E_INVALID;
	for (uint32_t t = 0; t < CARC_TILE_TYPES; t++)
		if (strcmp(carc__tiles[t].name, name) == 0)
			return (int)t;
	return CARC_E_UNKNOWN_TILE;
}

CARC_EXPORT int
carc_tile_edge(uint32_t tile, uint32_t rotation, uint32_t side)
{
	if (tile >= CARC_TILE_TYPES)
		return CARC_E_UNKNOWN_TILE;
	if (rotation > 3 || side > 3)
		return CARC_E_INVALID;
	/* rotation r moves canonical side c to (c + r) mod 4 */
	return carc__tiles[tile].edges[(side + 4 - rotation) & 3];
}

CARC_EXPORT int
carc_tile_features(uint32_t tile, uint32_t *features, size_t n)
{
	const struct tile_def *d;

	if (tile >= CARC_TILE_TYPES)
		return CARC_E_UNKNOWN_TILE;
	if (!features && n > 0)
		return CARC_E_INVALID;
	d = &carc__tiles[tile];
	for (size_t i = 0; i < d->n_feats && i < n; i++)
		features[i] = (uint32_t)d->feats[i].kind << 4 | d->feats[i].num;
	return d->n_feats;
}

static uint32_t
rotate_mask(uint32_t mask, uint32_t bits, uint32_t shift)
{
	uint32_t all = (1u << bits) - 1;

	return ((mask << shift) | (mask >> (bits - shift))) & all;
}

CARC_EXPORT int
carc_tile_feature_sides(uint32_t tile, uint32_t rotation, uint32_t feature)
{
	const struct feat_def *f;
	int i;

	if (tile >= CARC_TILE_TYPES)
		return CARC_E_UNKNOWN_TILE;
	if (rotation > 3)
		return CARC_E_INVALID;
	i = carc__tile_feat_index(tile, feature);
	if (i < 0)
		return CARC_E_NO_FEATURE;
	f = &carc__tiles[tile].feats[i];
	if (rotation == 0)
		return f->sides;
	if (f->kind == CARC_FEATURE_FIELD)
		return (int)rotate_mask(f->sides, 8, 2 * rotation);
	return (int)rotate_mask(f->sides, 4, rotation);
}

CARC_EXPORT int
carc_tile_feature_pennants(uint32_t tile, uint32_t feature)
{
	int i;

	if (tile >= CARC_TILE_TYPES)
		return CARC_E_UNKNOWN_TILE;
	i = carc__tile_feat_index(tile, feature);
	if (i < 0)
		return CARC_E_NO_FEATURE;
	return carc__tiles[tile].feats[i].pennants;
}

CARC_EXPORT int
carc_tile_feature_flags(uint32_t tile, uint32_t feature)
{
	int i;

	if (tile >= CARC_TILE_TYPES)
		return CARC_E_UNKNOWN_TILE;
	i = carc__tile_feat_index(tile, feature);
	if (i < 0)
		return CARC_E_NO_FEATURE;
	if (!(carc__tiles[tile].feats[i].flags & FEAT_SPECIAL))
		return 0;
	return carc__tiles[tile].feats[i].kind == CARC_FEATURE_ROAD
		       ? CARC_FLAG_INN : CARC_FLAG_CATHEDRAL;
}

CARC_EXPORT int
carc_tile_field_cities(uint32_t tile, uint32_t feature)
{
	const struct tile_def *d;
	int i, mask = 0;

	if (tile >= CARC_TILE_TYPES)
		return CARC_E_UNKNOWN_TILE;
	i = carc__tile_feat_index(tile, feature);
	if (i < 0)
		return CARC_E_NO_FEATURE;
	d = &carc__tiles[tile];
	for (int c = 0; c < d->n_feats; c++)
		if (d->feats[i].cities & (1u << c))
			mask |= 1 << (d->feats[c].num - 1);
	return mask;
}

static const char *const feature_names[5][5] = {
	{ NULL },
	{ NULL, "c1", "c2", "c3", "c4" },
	{ NULL, "r1", "r2", "r3", "r4" },
	{ NULL, "f1", "f2", "f3", "f4" },
	{ NULL, "monastery" },
};

/* The library's own calls go here rather than through the exported
 * function (and a shared library's PLT). */
const char *
carc__feature_name(uint32_t feature)
{
	uint32_t kind = feature >> 4, num = feature & 15;

	if (kind < 1 || kind > 4 || num < 1 || num > 4 || feature > 0xff)
		return NULL;
	return feature_names[kind][num];
}

CARC_EXPORT const char *
carc_feature_name(uint32_t feature)
{
	return carc__feature_name(feature);
}

CARC_EXPORT int
carc_feature_from_name(const char *name)
{
	if (!name)
		return CARC_E_INVALID;
	for (uint32_t kind = 1; kind <= 4; kind++)
		for (uint32_t num = 1; num <= 4; num++) {
			const char *s = feature_names[kind][num];
			if (s && strcmp(s, name) == 0)
				return (int)(kind << 4 | num);
		}
	return CARC_E_INVALID;
}
