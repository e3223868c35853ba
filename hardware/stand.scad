// The printed scanner stand: the plywood stand of README.md as printable parts.
//
// Coordinates (stand frame, as in README.md): x from the left edge seen from
// the front, y from the front edge of the base, z above the base's top face.
// Every part is modelled in that frame for the assembly view and laid in its
// print orientation (on the bed, corner at the origin) when `part` names it.
//
// Re-export every STL:   bash hardware/export.sh
// One part by hand:      openscad -D 'part="upright"' -o upright.stl hardware/stand.scad

/* [Part] */
part = "assembly"; // [assembly, base_left, base_right, upright, arm_cm3, arm_webcam, guide_card, guide_mini, guide_hex, led_diffuser]

/* [Scanning geometry] */
// Tray surface to the front of the lens, mm.
camera_height = 130;
// Edge of a printed tag including its quiet zone, mm.
tag_size = 18;
// A version 1 QR code: 21 modules plus a 4-module quiet zone each side.
tag_modules = 29;
// Width and height of the frame the decoder sees, pixels.
frame_px = [1280, 720];
// QR decoders are comfortable from 3 to 4 px per module; the design keeps 4.
min_px_per_module = 4;

/* [Camera Module 3] */
// Horizontal field of view (standard lens, data sheet), degrees.
cm3_hfov = 66;
cm3_board = [25, 24];
// M2 mounting holes, centre to centre.
cm3_holes = [21, 12.5];
// The lens centre lies on the line of the two holes nearer the cable connector,
// this far from the connector's edge of the board.
cm3_lens_from_connector_edge = 9.5;
// Board underside (lens side) to the front of the lens; posts this tall put
// the lens front level with the top of the arm.
cm3_lens_depth = 9;
// Edge of the square block that carries the lens, mm.
cm3_lens_block = 11;

/* [USB webcam] */
// Horizontal field of view of your webcam, degrees (assumed: measure yours with
// the ruler check in README.md and set it here).
webcam_hfov = 60;
// The webcam's front face (the one with the lens), lying face down on the arm:
// width across the stand, depth front to back, mm (assumed: measure yours).
webcam_face = [75, 32];
// Lens centre relative to the centre of that face, mm.
webcam_lens_offset = [0, 0];
// Width of the hook-and-loop strap that holds the webcam down, mm.
strap_w = 12;

/* [Cards and tiles] */
card = [63.5, 88.9];
mini_card = [41, 63];
// Hex tile width across flats, mm (assumed: measure your tiles).
hex_flats = 75;
// Play between a card or tile and its guide, each side, mm.
card_play = 0.5;

/* [Stand] */
base_size = [220, 195];
base_t = 6;
// A mat stuck on the tray raises the tray surface (0 = the printed base is the tray).
mat_t = 0;
upright_w = 160;
upright_t = 12;
// The upright's front face; its back face is 4 mm in front of the base's back edge.
upright_front_y = base_size[1] - 4 - upright_t;
tenon_h = 4;
arm_w = 60;
arm_t = 6;
block_h = 25;
block_d = 15;
pocket_d = 2;
// LED strip channel on the upright's front face, above the tray surface, mm.
led_z = [40, 55];
led_depth = 6;
led_lip = 1.5;
lip_t = 1.2;
diffuser_t = 1;
// Clearance for parts that slide or press together, each side, mm.
fit = 0.2;
guide_t = 2.4;
guide_pin_d = 5;
guide_pin_h = 4;
// Guide pins sit this far left and right of the lens axis.
guide_pin_x = 85;
// The view through the arm is opened to this half-angle below the lens.
view_half_angle = 40;
bed = [200, 200, 200];

$fn = 32;

// ---- derived geometry -------------------------------------------------------

tray_z = mat_t;
lens = [base_size[0] / 2, upright_front_y / 2];
arm_top = tray_z + camera_height;
arm_bottom = arm_top - arm_t;
upright_top = arm_bottom + block_h;
upright_x = lens[0] - upright_w / 2;
ribbon_slot = [18, 4];
ribbon_slot_z = arm_top + cm3_lens_depth - 0.5;
arm_screw_z = arm_bottom + block_h / 2;
arm_screw_x = [lens[0] - 20, lens[0] + 20];
base_screw_x = [50, 90, 130, 170];
pi_holes_x = [lens[0] - 29, lens[0] + 29];
pi_holes_z = [23.5, 72.5];
scan_area = [150, 85];
seam_x = base_size[0] / 2;
tab_y = [30, 90, 150];

function frame_width(height, hfov) = 2 * height * tan(hfov / 2);
function px_per_module(height, hfov) =
    frame_px[0] / frame_width(height, hfov) * tag_size / tag_modules;

cameras = [["Camera Module 3", cm3_hfov], ["USB webcam", webcam_hfov]];
for (camera = cameras) {
    ppm = px_per_module(camera_height, camera[1]);
    echo(str(camera[0], ": camera_height ", camera_height, " mm gives a frame ",
             frame_width(camera_height, camera[1]), " mm wide, ", ppm,
             " px per module for a ", tag_size, " mm tag"));
    assert(ppm >= min_px_per_module,
           str(camera[0], ": camera_height ", camera_height, " mm gives only ", ppm,
               " px per module for a ", tag_size, " mm tag at ", frame_px[0], " px; ",
               "at least ", min_px_per_module, " are needed: lower the camera or use larger tags"));
}
assert(upright_top + tenon_h <= bed[0],
       str("the upright would be ", upright_top + tenon_h, " mm long, more than the bed"));

// ---- base: two halves joined by dovetail tabs --------------------------------

module dovetail_tab(y) {
    polygon([[seam_x - 1, y - 7], [seam_x, y - 7], [seam_x + 10, y - 10],
             [seam_x + 10, y + 10], [seam_x, y + 7], [seam_x - 1, y + 7]]);
}

module base_half_2d(left) {
    x0 = left ? 0 : seam_x;
    difference() {
        union() {
            translate([x0, 0]) square([seam_x, base_size[1]]);
            if (left) for (y = tab_y) dovetail_tab(y);
        }
        if (!left) for (y = tab_y) offset(delta = fit) dovetail_tab(y);
        translate([left ? lens[0] - guide_pin_x : lens[0] + guide_pin_x, lens[1]])
            circle(d = guide_pin_d + 2 * fit);
        for (x = base_screw_x) if ((x < seam_x) == left)
            translate([x, upright_front_y + upright_t / 2]) circle(d = 3.4);
    }
}

module scan_mark(corner, dir) {
    translate([corner[0], corner[1], -0.6]) {
        translate([dir[0] < 0 ? -10 : 0, -0.5, 0]) cube([10, 1, 1]);
        translate([-0.5, dir[1] < 0 ? -10 : 0, 0]) cube([1, 10, 1]);
    }
}

module base_half(left) {
    difference() {
        translate([0, 0, -base_t]) linear_extrude(base_t) base_half_2d(left);
        translate([left ? upright_x - fit : seam_x - 1, upright_front_y - fit, -tenon_h])
            cube([upright_w / 2 + fit + 1, upright_t + 2 * fit, tenon_h + 1]);
        for (sx = [-1, 1], sy = [-1, 1]) if ((sx < 0) == left)
            scan_mark([lens[0] + sx * scan_area[0] / 2, lens[1] + sy * scan_area[1] / 2],
                      [-sx, -sy]);
    }
}

// ---- upright: carries the arm, the LED channel, the Pi and the ribbon ----------

module upright_front_2d() {
    difference() {
        translate([upright_x, -tenon_h]) square([upright_w, upright_top + tenon_h]);
        for (x = pi_holes_x, z = pi_holes_z) translate([x, z]) circle(d = 2.8);
        for (x = arm_screw_x) translate([x, arm_screw_z]) circle(d = 3.4);
        translate([lens[0] - ribbon_slot[0] / 2, ribbon_slot_z]) square(ribbon_slot);
    }
}

module upright() {
    back_y = upright_front_y + upright_t;
    difference() {
        translate([0, back_y, 0]) rotate([90, 0, 0]) linear_extrude(upright_t) upright_front_2d();
        // LED channel: a mouth between two lips, the diffuser behind them, the strip at the back.
        translate([upright_x - 1, upright_front_y - 1, tray_z + led_z[0] + led_lip])
            cube([upright_w + 2, lip_t + 1, led_z[1] - led_z[0] - 2 * led_lip]);
        translate([upright_x - 1, upright_front_y + lip_t, tray_z + led_z[0]])
            cube([upright_w + 2, led_depth - lip_t, led_z[1] - led_z[0]]);
        // Pocket that squares the arm and carries it on its bottom ledge.
        translate([lens[0] - arm_w / 2 - fit, upright_front_y - 1, arm_bottom])
            cube([arm_w + 2 * fit, pocket_d + 1, block_h + 1]);
        // Groove that keeps the ribbon flat down the back, towards the Pi.
        translate([lens[0] - 10, back_y - 1.5, 80])
            cube([20, 2, ribbon_slot_z - 80 + ribbon_slot[1]]);
        for (x = base_screw_x) translate([x, upright_front_y + upright_t / 2, -tenon_h - 1])
            cylinder(d = 2.5, h = 13, $fn = 16);
    }
}

// ---- arms: Camera Module 3 on posts, or a USB webcam lying face down ----------

module arm_body(head_2d_children) {
    y0 = upright_front_y - block_d;
    union() {
        translate([0, 0, arm_bottom]) linear_extrude(arm_t) children();
        translate([lens[0] - arm_w / 2, y0, arm_bottom])
            cube([arm_w, block_d + pocket_d, block_h]);
        for (side = [-1, 1])   // stiffening rails along both edges
            translate([lens[0] + side * (arm_w / 2 - 2) - 2, lens[1] + 20, arm_top - 0.01])
                cube([4, y0 - lens[1] - 20 + 0.02, 8]);
    }
}

module arm_holes() {
    for (x = arm_screw_x)
        translate([x, upright_front_y + pocket_d + 1, arm_screw_z]) rotate([90, 0, 0])
            cylinder(d = 2.5, h = 15, $fn = 16);
}

// The opening under the lens widens downwards so the arm never enters the view;
// `sides` 4 makes it square (the Camera Module 3's lens block drops into it).
module view_cone(at, top_d, sides = 48) {
    depth = arm_t + 0.02;
    translate([at[0], at[1], arm_bottom - 0.01]) rotate(sides == 4 ? 45 : 0)
        cylinder(h = depth, d1 = top_d + 2 * depth * tan(view_half_angle) * (sides == 4 ? sqrt(2) : 1),
                 d2 = top_d, $fn = sides);
}

function cm3_hole_positions() = [
    for (sx = [-1, 1], dy = [0, -cm3_holes[1]]) [lens[0] + sx * cm3_holes[0] / 2, lens[1] + dy]];

module arm_cm3() {
    front = lens[1] - (cm3_board[1] - cm3_lens_from_connector_edge) - 6;
    difference() {
        union() {
            arm_body() translate([lens[0] - arm_w / 2, front])
                square([arm_w, upright_front_y - front]);
            for (p = cm3_hole_positions())
                translate([p[0], p[1], arm_top - 0.01]) cylinder(d = 5, h = cm3_lens_depth + 0.01);
        }
        view_cone(lens, (cm3_lens_block + 1.5) * sqrt(2), 4);
        for (p = cm3_hole_positions())
            translate([p[0], p[1], arm_top + cm3_lens_depth - 8]) cylinder(d = 1.7, h = 9, $fn = 12);
        translate([lens[0] - ribbon_slot[0] / 2, upright_front_y - block_d - 1, ribbon_slot_z])
            cube([ribbon_slot[0], block_d + pocket_d + 2, ribbon_slot[1]]);
        arm_holes();
    }
}

webcam_centre = [lens[0] - webcam_lens_offset[0], lens[1] - webcam_lens_offset[1]];
webcam_wall = 3;
webcam_head = [webcam_face[0] + 2 * (fit + webcam_wall + 2 + 3 + 3), webcam_face[1] + 2 * (fit + webcam_wall)];

module arm_webcam_2d() {
    front = webcam_centre[1] - webcam_head[1] / 2;
    difference() {
        union() {
            translate([lens[0] - arm_w / 2, front]) square([arm_w, upright_front_y - front]);
            translate([webcam_centre[0] - webcam_head[0] / 2, front]) square(webcam_head);
        }
        for (side = [-1, 1])   // strap slots outside the side walls
            translate([webcam_centre[0] + side * (webcam_face[0] / 2 + fit + webcam_wall + 2 + 1.5)
                       - 1.5, webcam_centre[1] - (strap_w + 1) / 2])
                square([3, strap_w + 1]);
    }
}

module arm_webcam() {
    inner = [webcam_face[0] + 2 * fit, webcam_face[1] + 2 * fit];
    difference() {
        union() {
            arm_body() arm_webcam_2d();
            // Low walls on the left, right and front; the back stays open for the cable.
            translate([webcam_centre[0], webcam_centre[1], arm_top - 0.01]) difference() {
                translate([-inner[0] / 2 - webcam_wall, -inner[1] / 2 - webcam_wall])
                    cube([inner[0] + 2 * webcam_wall, inner[1] + webcam_wall, 5]);
                translate([-inner[0] / 2, -inner[1] / 2, -1]) cube([inner[0], inner[1] + 1, 7]);
            }
        }
        view_cone(lens, 16);
        arm_holes();
    }
}

// ---- guides: centre a card or a hex tile under the lens ------------------------

module guide_plate_2d(outer_half_x) {
    for (side = [-1, 1]) {
        translate([lens[0] + side * guide_pin_x, lens[1]]) circle(d = 14);
        translate([side < 0 ? lens[0] - guide_pin_x : lens[0] + outer_half_x - 1, lens[1] - 5])
            square([guide_pin_x - outer_half_x + 1, 10]);
    }
}

module guide(outer_half_x) {
    translate([0, 0, tray_z]) linear_extrude(guide_t) difference() {
        union() { guide_plate_2d(outer_half_x); children(0); }
        children(1);
    }
    for (side = [-1, 1])
        translate([lens[0] + side * guide_pin_x, lens[1], tray_z - guide_pin_h])
            cylinder(d = guide_pin_d, h = guide_pin_h + 0.01);
}

module card_guide(size) {
    window = [size[0] + 2 * card_play, size[1] + 2 * card_play];
    rim = 7;
    corner_leg = 12;
    guide(window[0] / 2 + rim) {
        translate(lens) square([window[0] + 2 * rim, window[1] + 2 * rim], center = true);
        translate(lens) union() {
            square(window, center = true);
            // Open front between two corner guides: slide a card in, lift it out.
            translate([0, -window[1] / 2 - rim / 2])
                square([window[0] - 2 * corner_leg, rim + 2], center = true);
        }
    }
}

hex_rim = 7;
hex_notch_d = 26;
hex_window_r = (hex_flats + 2 * card_play) / sqrt(3);
hex_outer_r = hex_window_r + 2 * hex_rim / sqrt(3);
// How far behind the outer front corner the finger notch leaves the front edges
// (where the notch circle crosses an edge rising at 30 degrees).
function hex_notch_front() =
    let (d = hex_outer_r - hex_window_r, r = hex_notch_d / 2,
         x = (2 * d / sqrt(3) + sqrt(4 * d * d / 3 - 16 / 3 * (d * d - r * r))) / (8 / 3))
    x / sqrt(3);

module hex_guide() {
    guide((hex_flats + 2 * card_play) / 2 + hex_rim) {
        translate(lens) rotate(30) circle(r = hex_outer_r, $fn = 6);
        translate(lens) union() {
            rotate(30) circle(r = hex_window_r, $fn = 6);
            translate([0, -hex_window_r]) circle(d = hex_notch_d);   // finger notch at the front corner
        }
    }
}

module led_diffuser() {
    translate([upright_x, upright_front_y + lip_t, tray_z + led_z[0] + fit])
        cube([upright_w, diffuser_t, led_z[1] - led_z[0] - 2 * fit]);
}

// ---- print orientation -------------------------------------------------------

module on_bed(part_name) {
    if (part_name == "base_left") translate([0, 0, base_t]) base_half(true);
    else if (part_name == "base_right") translate([-seam_x, 0, base_t]) base_half(false);
    else if (part_name == "upright")   // lying on its back, front face up
        translate([-upright_x, tenon_h, upright_front_y + upright_t])
            rotate([-90, 0, 0]) upright();
    else if (part_name == "arm_cm3" || part_name == "arm_webcam") {
        front = part_name == "arm_cm3"
            ? lens[1] - (cm3_board[1] - cm3_lens_from_connector_edge) - 6
            : webcam_centre[1] - webcam_head[1] / 2;
        left = part_name == "arm_cm3" ? lens[0] - arm_w / 2
            : min(lens[0] - arm_w / 2, webcam_centre[0] - webcam_head[0] / 2);
        translate([-left, -front, -arm_bottom])
            if (part_name == "arm_cm3") arm_cm3(); else arm_webcam();
    }
    else if (part_name == "guide_card" || part_name == "guide_mini" || part_name == "guide_hex") {
        // upside down: the flat top on the bed, the pins up
        front_y = part_name == "guide_hex" ? hex_outer_r - hex_notch_front()
            : (part_name == "guide_card" ? card[1] : mini_card[1]) / 2 + card_play + 7;
        translate([lens[0] + guide_pin_x + 7, front_y - lens[1], guide_t + tray_z]) rotate([0, 180, 0])
            if (part_name == "guide_card") card_guide(card);
            else if (part_name == "guide_mini") card_guide(mini_card);
            else hex_guide();
    }
    else if (part_name == "led_diffuser")   // flat on the bed
        cube([upright_w, led_z[1] - led_z[0] - 2 * fit, diffuser_t]);
    else assert(false, str("unknown part '", part_name, "'"));
}

// Not printed: the camera board and a card, to show where they go.
module cm3_board_shown() {
    board_y = lens[1] - (cm3_board[1] - cm3_lens_from_connector_edge);
    translate([lens[0] - cm3_board[0] / 2, board_y, arm_top + cm3_lens_depth])
        cube([cm3_board[0], cm3_board[1], 1]);
    translate([lens[0] - cm3_lens_block / 2, lens[1] - cm3_lens_block / 2, arm_top])
        cube([cm3_lens_block, cm3_lens_block, cm3_lens_depth]);
}

module assembly() {
    color("dimgray") render() { base_half(true); base_half(false); }
    color("slategray") render() upright();
    color("steelblue") render() arm_cm3();
    color("ivory") led_diffuser();
    color("orange") render() card_guide(card);
    color("green") cm3_board_shown();
    color("white") translate([lens[0] - card[0] / 2, lens[1] - card[1] / 2, tray_z])
        cube([card[0], card[1], 0.3]);
}

if (part == "assembly") assembly(); else on_bed(part);
