//! Stipulations read and written back ([`super::stipulation`]): every form Popeye writes, and
//! each refusal with its reason.

use super::stipulation::*;

#[test]
fn every_supported_form_reads_and_writes_back() {
    for text in [
        "#2",
        "=3",
        "s#4",
        "s=1",
        "h#2",
        "h=3",
        "h#2.5",
        "h#0.5",
        "h=1.5",
        "ser-#3",
        "ser-=2",
        "ser-h#5",
        "ser-h=4",
        "~1",
        "x2",
        "+1",
        "h~1",
        "hx2",
        "h+1.5",
        "s+2",
        "sx1",
        "ser-x3",
        "ser-h+2",
        "ser-~1",
        "ze41",
        "hzh31",
        "ser-zd32",
        "ep1",
        "hep1.5",
        "001",
        "h001.5",
        "ser-002",
        "%1",
        "h%2",
        "#=2",
        "h#=1.5",
        "s#=2",
        "==1",
        "h==2.5",
        "ser-h==3",
        "!=1",
        "h!=2",
        "ser-!=3",
        "r#2",
        "semi-r#3",
        "r=1",
        "semi-rx2",
        "hs#2",
        "hr#1",
        "hs=2.5",
        "hr#1.5",
        "hsx3",
        "ser-s#3",
        "ser-r#2",
        "ser-sx2",
        "ser-r=4",
        "exact-h#3",
        "exact-hx1.5",
        "exact-ser-h#2",
        "exact-ser-#4",
        "exact-ser-s#3",
        "exact-ser-r#2",
        "exact-#3",
        "exact-=2",
        "exact-s#2",
        "exact-r#3",
        "exact-semi-r#2",
        "exact-hs#2",
        "exact-hr#1.5",
        "reci-h#2",
        "reci-h(=)#3",
        "reci-h(#)=2",
        "ser-reci-h#1",
        "ser-reci-h(=)#7",
        "2->ser-#3",
        "1->ser-h#4",
        "3->ser-s#2",
        "8->ser-=3",
        "pser-h#2",
        "pser-h=3",
        "phser-s#2",
        "phser-r#3",
        "2->pser-h#3",
    ] {
        let s: Stipulation = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(s.to_string(), text);
    }
    assert_eq!("H#2".parse::<Stipulation>().unwrap().play, Play::Help);
    assert_eq!(
        " ser-h#3 ".parse::<Stipulation>().unwrap().play,
        Play::SeriesHelp
    );
}

#[test]
fn refusals_say_why() {
    for (text, why) in [
        ("", "empty"),
        ("ser-hs#2", "series help-self"),
        ("ser-hr#2", "series help-self"),
        ("pser-#2", "help parries only"),
        ("pser-s#2", "help parries only"),
        ("pser-r#2", "help parries only"),
        ("phser-h#2", "help parries only"),
        ("exact-phser-r#2", "parry series"),
        ("pser-reci-h#2", "help parries only"),
        (
            "exact-x2",
            "exact- in direct, self and help-self play goes with #",
        ),
        (
            "exact-+2",
            "exact- in direct, self and help-self play goes with #",
        ),
        (
            "exact-sx2",
            "exact- in direct, self and help-self play goes with #",
        ),
        (
            "exact-hs+2",
            "exact- in direct, self and help-self play goes with #",
        ),
        ("semi-#2", "semi- goes with reflex"),
        ("semi-ser-r#2", "semi- goes with reflex"),
        ("#", "whole number"),
        ("#2.5", "help and help-self play only"),
        ("ser-semi-r#2", "semi- goes with reflex"),
        ("semi-hr#2", "semi- goes with reflex"),
        ("hs#0", "at least one"),
        ("hr#0.5", "at least one"),
        ("ser-h#1.5", "help and help-self play only"),
        ("#0", "at least one"),
        ("#31", "at most 30"),
        ("#99999999999999999999", "at most 30"),
        ("h#2x", "whole number"),
        ("dia3.5", "unknown play"),
        ("##2", "double mate"),
        ("h##!2", "counter-mate"),
        ("!#1", "auto-mate"),
        ("h!#1", "auto-mate"),
        ("#==1", "three signs"),
        ("!2", "unknown play"),
        ("hzz41", "goal must be"),
        ("szi91", "goal must be"),
        ("reci-#2", "reci- goes with help play only"),
        ("reci-s#2", "reci- goes with help play only"),
        ("reci-hs#2", "reci- goes with help play only"),
        ("exact-reci-h#2", "without exact-"),
        ("reci-h#1.5", "whole moves only"),
        ("reci-h(#=2", "followed by a goal and )"),
        ("reci-h(q)#2", "followed by a goal and )"),
        ("1->h#2", "before series play only"),
        ("2->#3", "before series play only"),
        ("1->exact-ser-#2", "without exact-"),
        ("1->ser-reci-h#2", "without exact-, reci-"),
        ("1->ser-r#2", "reflex play"),
        ("0->ser-#2", "from 1 to 30"),
        ("31->ser-#2", "from 1 to 30"),
        ("x->ser-#2", "from 1 to 30"),
        ("->ser-#2", "from 1 to 30"),
    ] {
        let e = text.parse::<Stipulation>().unwrap_err().to_string();
        assert!(e.contains(why), "{text}: {e}");
        assert!(e.contains("supported:"), "{text}: {e}");
    }
}

#[test]
fn plies_count_both_sides() {
    let p = |t: &str| t.parse::<Stipulation>().unwrap().plies();
    assert_eq!(p("h#2"), 4);
    assert_eq!(p("h#1.5"), 3);
    assert_eq!(p("ser-h#3"), 4);
    assert_eq!(p("#2"), 4);
    // The intro's moves, the series side passing after each.
    assert_eq!(p("2->ser-#3"), 7);
}

#[test]
fn the_intro_series_is_the_other_side_s() {
    use feerie_oracle::Colour;
    let s = |t: &str| t.parse::<Stipulation>().unwrap();
    assert_eq!(s("2->ser-#3").usual_beginner(), Colour::Black);
    assert_eq!(s("1->ser-h#3").usual_beginner(), Colour::White);
    assert_eq!(s("1->ser-s#2").usual_beginner(), Colour::Black);
    assert!(s("2->ser-#3").beginner_is_target() && !s("1->ser-h#3").beginner_is_target());
    assert_eq!(s("1->ser-h#3").set_play(), None);
}
