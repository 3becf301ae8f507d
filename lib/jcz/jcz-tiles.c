/* SPDX-License-Identifier: MIT */
/*
 * JCloisterZone tile identifiers and location names (jcz-private.h).
 *
 * Each JCZ tile of the first-edition base game is one of our types in
 * the same orientation: JCZ's rotation R0/R90/R180/R270 is our rotation
 * 0-3 (quarter turns clockwise).  tests/test-jcz.c checks every row
 * against the layout JCZ defines (sides, pennants, fields by half edge).
 *
 * Locations are bit masks (see JCZ_LOC_*): a field is the set of half
 * edges it touches, a city or road the set of sides, both in board
 * orientation, which is exactly what carc_tile_feature_sides() gives for
 * the placed rotation.
 */
#include <stdio.h>
#include <string.h>

#include "jcz-private.h"

const struct jcz_tile_id carc__jcz_tile_ids[] = {
	{ "BA.LR", CARC_TILE_A },
	{ "BA.L", CARC_TILE_B },
	{ "BA.Cccc+", CARC_TILE_C },
	{ "BA.RCr", CARC_TILE_D },
	{ "BA.C", CARC_TILE_E },
	{ "BA.CFc+", CARC_TILE_F },
	{ "BA.CFc.1", CARC_TILE_G },
	{ "BA.CFC.2", CARC_TILE_H },
	{ "BA.CC.2", CARC_TILE_I },
	{ "BA.CRr", CARC_TILE_J },
	{ "BA.RrC", CARC_TILE_K },
	{ "BA.CRRR", CARC_TILE_L },
	{ "BA.Cc+", CARC_TILE_M },
	{ "BA.Cc.1", CARC_TILE_N },
	{ "BA.CcRr+", CARC_TILE_O },
	{ "BA.CcRr", CARC_TILE_P },
	{ "BA.Ccc+", CARC_TILE_Q },
	{ "BA.Ccc", CARC_TILE_R },
	{ "BA.CccR+", CARC_TILE_S },
	{ "BA.CccR", CARC_TILE_T },
	{ "BA.RFr", CARC_TILE_U },
	{ "BA.Rr", CARC_TILE_V },
	{ "BA.RRR", CARC_TILE_W },
	{ "BA.RRRR", CARC_TILE_X },
	{ NULL, 0 },
};

/* The tiles of the river (set river/1:1), Inns & Cathedrals
 * (inns-and-cathedrals:1) and Traders & Builders (traders-and-builders:1)
 * in JCZ 5's spelling only: JCZ 4 files of these expansions are not read.
 * Same orientation as ours (tests/jcz/jcz-engine-check.py compares them
 * with JCZ's tile definitions in every rotation). */
const struct jcz_tile_id carc__jcz_tile_ids5[] = {
	{ "RI/s", CARC_TILE_RI_1 },
	{ "RI.1/I.e", CARC_TILE_RI_2 },
	{ "RI.1/CICI", CARC_TILE_RI_3 },
	{ "RI.1/CIRI", CARC_TILE_RI_4 },
	{ "RI.1/LIRI", CARC_TILE_RI_5 },
	{ "RI.1/RIrI", CARC_TILE_RI_6 },
	{ "RI.1/IFI", CARC_TILE_RI_7 },
	{ "RI.1/CcII", CARC_TILE_RI_8 },
	{ "RI.1/RrII", CARC_TILE_RI_9 },
	{ "RI.1/II", CARC_TILE_RI_10 },
	{ "IC/Cccc.c", CARC_TILE_IC_1 },
	{ "IC/LRFR", CARC_TILE_IC_2 },
	{ "IC/CCCC", CARC_TILE_IC_3 },
	{ "IC/CCC", CARC_TILE_IC_4 },
	{ "IC/CRCR", CARC_TILE_IC_5 },
	{ "IC/CCc+", CARC_TILE_IC_6 },
	{ "IC/C!", CARC_TILE_IC_7 },
	{ "IC/CFR", CARC_TILE_IC_8 },
	{ "IC/CcR", CARC_TILE_IC_9 },
	{ "IC/CRcR+", CARC_TILE_IC_10 },
	{ "IC/RCc.i", CARC_TILE_IC_11 },
	{ "IC/RrC.i", CARC_TILE_IC_12 },
	{ "IC/CcRr+.i", CARC_TILE_IC_13 },
	{ "IC/RRR.i", CARC_TILE_IC_14 },
	{ "IC/RFr.i", CARC_TILE_IC_15 },
	{ "IC/Rr.i", CARC_TILE_IC_16 },
	{ "IC/RrRr", CARC_TILE_IC_17 },
	{ "TB/Cc.g", CARC_TILE_TB_1 },
	{ "TB/Cc.w", CARC_TILE_TB_2 },
	{ "TB/CCc.c", CARC_TILE_TB_3 },
	{ "TB/CCc.w", CARC_TILE_TB_4 },
	{ "TB/Ccc.g", CARC_TILE_TB_5 },
	{ "TB/CcCC.c", CARC_TILE_TB_6 },
	{ "TB/CcRR!.c", CARC_TILE_TB_7 },
	{ "TB/CcRR.w", CARC_TILE_TB_8 },
	{ "TB/CcRC.c", CARC_TILE_TB_9 },
	{ "TB/CcRC.g", CARC_TILE_TB_10 },
	{ "TB/CcR.c", CARC_TILE_TB_11 },
	{ "TB/CcR!.w", CARC_TILE_TB_12 },
	{ "TB/CccR.w", CARC_TILE_TB_13 },
	{ "TB/CcCc.w", CARC_TILE_TB_14 },
	{ "TB/CFc.w", CARC_TILE_TB_15 },
	{ "TB/CR", CARC_TILE_TB_16 },
	{ "TB/CRc.g", CARC_TILE_TB_17 },
	{ "TB/CRc.w", CARC_TILE_TB_18 },
	{ "TB/CRcR.w", CARC_TILE_TB_19 },
	{ "TB/LRRR", CARC_TILE_TB_20 },
	{ "TB/RCc.g", CARC_TILE_TB_21 },
	{ "TB/RCc!.g", CARC_TILE_TB_22 },
	{ "TB/RRC", CARC_TILE_TB_23 },
	{ "TB/RRrr", CARC_TILE_TB_24 },
	{ NULL, 0 },
};

/* "BA/C" and "BA.C" are the same id: compare with the first '/' read as
 * '.' */
static bool
same_id(const char *ours, const char *theirs)
{
	bool first = true;

	for (; *ours && *theirs; ours++, theirs++) {
		char c = *theirs;

		if (first && c == '/') {
			c = '.';
			first = false;
		} else if (c == '.') {
			first = false;
		}
		if (c != *ours)
			return false;
	}
	return *ours == *theirs;
}

int
carc__jcz_tile_from_id(const char *id)
{
	if (!id)
		return -1;
	if (carc__jcz_crop_tile_from_id(id) >= 0)	/* jcz-crop.c */
		return carc__jcz_crop_tile_from_id(id);
	for (const struct jcz_tile_id *t = carc__jcz_tile_ids5; t->id; t++)
		if (strcmp(t->id, id) == 0)
			return (int)t->tile;
	for (const struct jcz_tile_id *t = carc__jcz_tile_ids; t->id; t++)
		if (same_id(t->id, id))
			return (int)t->tile;
	return -1;
}

const char *
carc__jcz_tile_id5(uint32_t tile, char *buf, size_t n)
{
	const char *crop = carc__jcz_crop_tile_id(tile, true);

	if (crop)
		return (size_t)snprintf(buf, n, "%s", crop) < n ? buf : NULL;
	for (const struct jcz_tile_id *t = carc__jcz_tile_ids5; t->id; t++)
		if (t->tile == tile)
			return (size_t)snprintf(buf, n, "%s", t->id) < n ? buf
									  : NULL;
	for (const struct jcz_tile_id *t = carc__jcz_tile_ids; t->id; t++) {
		const char *dot;

		if (t->tile != tile)
			continue;
		dot = strchr(t->id, '.');
		if (!dot || (size_t)snprintf(buf, n, "%.*s/%s",
					     (int)(dot - t->id), t->id,
					     dot + 1) >= n)
			return NULL;
		return buf;
	}
	return NULL;
}

/* ------------------------------------------------------------------ */
/* Locations                                                            */
/* ------------------------------------------------------------------ */

static const char *const half_edge_names[8] = {
	"NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR",
};

/* Side masks (bit 0 N, 1 E, 2 S, 3 W) and JCZ's names for them: the
 * named locations of its Location class; three sides are "_X", everything
 * but side X. */
static const char *const side_names[16] = {
	NULL, "N", "E", "NE", "S", "NS", "SE", "_W",
	"W", "NW", "WE", "_S", "SW", "_E", "_N", "NWSE",
};

/* side mask -> the two edge bits of each side */
static uint32_t
sides_to_edge_bits(uint32_t sides)
{
	uint32_t m = 0;

	for (uint32_t s = 0; s < 4; s++)
		if (sides & (1u << s))
			m |= 3u << (8 + 2 * s);
	return m;
}

static int32_t
part_mask(const char *p, size_t len)
{
	for (uint32_t i = 0; i < 8; i++)
		if (strlen(half_edge_names[i]) == len &&
		    memcmp(p, half_edge_names[i], len) == 0)
			return (int32_t)(1u << i);
	for (uint32_t s = 1; s < 16; s++)
		if (strlen(side_names[s]) == len &&
		    memcmp(p, side_names[s], len) == 0)
			return (int32_t)sides_to_edge_bits(s);
	/* JCZ 5.7 on: "I"; JCZ 4 and JCZ 5 before 5.7: "CLOISTER" */
	if ((len == 1 && *p == 'I') ||
	    (len == 8 && memcmp(p, "CLOISTER", 8) == 0))
		return (int32_t)JCZ_LOC_CLOISTER;
	return -1;
}

int32_t
carc__jcz_location_parse(const char *name)
{
	uint32_t mask = 0;
	const char *p = name;

	if (!name || !*name)
		return -1;
	for (;;) {
		const char *dot = strchr(p, '.');
		size_t len = dot ? (size_t)(dot - p) : strlen(p);
		int32_t m = part_mask(p, len);

		if (m < 0)
			return -1;
		mask |= (uint32_t)m;
		if (!dot)
			break;
		p = dot + 1;
	}
	return (int32_t)mask;
}

int
carc__jcz_location_feature(uint32_t tile, uint32_t rotation, uint32_t mask,
			   uint32_t kind_hint)
{
	uint32_t features[16];
	int n = carc_tile_features(tile, features, 16);
	uint32_t farm = mask & JCZ_LOC_FARM, edge = mask & JCZ_LOC_EDGE;
	uint32_t sides = 0;

	if (n < 0)
		return n;
	if (n > 16)
		n = 16;
	/* exactly one kind of part */
	if ((farm != 0) + (edge != 0) + ((mask & JCZ_LOC_CLOISTER) != 0) != 1 ||
	    (mask & ~(JCZ_LOC_FARM | JCZ_LOC_EDGE | JCZ_LOC_CLOISTER)))
		return CARC_E_NO_FEATURE;
	if (edge) {
		for (uint32_t s = 0; s < 4; s++) {
			uint32_t b = (edge >> (8 + 2 * s)) & 3u;

			if (b == 3u)
				sides |= 1u << s;
			else if (b)	/* half a side is no city or road */
				return CARC_E_NO_FEATURE;
		}
	}
	for (int i = 0; i < n; i++) {
		uint32_t f = features[i], kind = f >> 4;
		int fs = carc_tile_feature_sides(tile, rotation, f);

		if (fs < 0)
			continue;
		if (mask & JCZ_LOC_CLOISTER) {
			/* "I" is JCZ's inner location: the monastery, or a
			 * field that reaches no side (IC/CCCC, TB/CcCC.c) */
			if (kind == CARC_FEATURE_MONASTERY &&
			    kind_hint != CARC_FEATURE_FIELD)
				return (int)f;
			if (kind == CARC_FEATURE_FIELD && fs == 0 &&
			    kind_hint != CARC_FEATURE_MONASTERY)
				return (int)f;
		} else if (farm) {
			if (kind == CARC_FEATURE_FIELD && (uint32_t)fs == farm)
				return (int)f;
		} else if ((kind == CARC_FEATURE_CITY ||
			    kind == CARC_FEATURE_ROAD) &&
			   (kind_hint == 0 || kind_hint == kind) &&
			   (uint32_t)fs == sides) {
			return (int)f;
		}
	}
	return CARC_E_NO_FEATURE;
}

const char *
carc__jcz_location_name(uint32_t tile, uint32_t rotation, uint32_t feature,
			char *buf, size_t n)
{
	int fs = carc_tile_feature_sides(tile, rotation, feature);
	uint32_t kind = feature >> 4;
	size_t len = 0;

	if (fs < 0 || n < 32)
		return NULL;
	buf[0] = '\0';
	switch (kind) {
	case CARC_FEATURE_MONASTERY:
		snprintf(buf, n, "I");
		return buf;
	case CARC_FEATURE_CITY:
	case CARC_FEATURE_ROAD:
		if (fs <= 0 || fs > 15)
			return NULL;
		snprintf(buf, n, "%s", side_names[fs]);
		return buf;
	case CARC_FEATURE_FIELD:
		if (fs == 0) {	/* JCZ's inner location */
			snprintf(buf, n, "I");
			return buf;
		}
		for (uint32_t i = 0; i < 8; i++) {
			if (!((uint32_t)fs & (1u << i)))
				continue;
			len += (size_t)snprintf(buf + len, n - len, "%s%s",
						len ? "." : "",
						half_edge_names[i]);
		}
		return len ? buf : NULL;
	default:
		return NULL;
	}
}
