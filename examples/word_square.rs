//! Double word squares: three words across and three words down, all six different, in a 3x3
//! grid. A problem with colors (Knuth's Algorithm C), built with the named API.
//!
//! The six slots (`across1`..`down3`) are primary items: each takes one word. The nine cells
//! are secondary items whose color is the letter in them: a word across and a word down that
//! cross must give their common cell the same letter. Each word is also a secondary item
//! without a color, so that no word is used twice.
//!
//! ```text
//! cargo run --release --example word_square          # count them, show the first three
//! cargo run --release --example word_square -- bat   # only those with `bat` across the top
//! ```

use std::error::Error;

use dancing::named::NamedBuilder;

/// Common English words of three letters.
const WORDS: &str = "
    ace act add ago aid aim air all and ant any ape arc are ark arm art ash ask ate awe bad bag
    ban bar bat bed bee bet big bit bow box boy bud bus but buy cab can cap car cat cow cry cub
    cup cut dad day den dew did die dig dim dog dot dry due dug ear eat egg ego elf elk end era
    eve eye fan far fat fed few fig fin fit fix fly foe fog for fox fun fur gap gas gem get gin
    god got gum gun gut guy had ham has hat hen her hid him hip his hit hog hop hot how hub hue
    hug hum hut ice ink inn ion ire its ivy jam jar jaw jet job jog joy jug key kid kin kit lab
    lad lap law lay led leg let lid lie lip lit log lot low mad man map mat men met mix mob mop
    mud mug nap net new nod nor not now nut oak oar oat odd off oil old one opt orb ore our out
    owe owl own pad pan paw pay pea pen pet pie pig pin pit pod pot pun pup put rag ram ran rat
    raw ray red rib rid rim rip rob rod rot row rub rug rum run rut sad sag sat saw say sea see
    set sew she shy sin sip sir sit six ski sky sly sob sod son sow spa spy sty sum sun tab tag
    tan tap tar tax tea ten the tie tin tip toe ton too top toy try tub tug two urn use van vat
    vet vow wag war was wax way web wed wet who why wig win wit woe won wry yak yam yap yes yet
    you zap zip zoo
";

fn main() -> Result<(), Box<dyn Error>> {
    let top = std::env::args().nth(1);
    let words: Vec<&str> = WORDS.split_whitespace().collect();
    if let Some(top) = top.as_deref().filter(|top| !words.contains(top)) {
        return Err(format!("`{top}` is not in the word list").into());
    }

    let mut b = NamedBuilder::new();
    for k in 1..=3 {
        b.primary(&format!("across{k}"))?
            .primary(&format!("down{k}"))?;
    }
    for r in 1..=3 {
        for c in 1..=3 {
            b.secondary(&format!("cell{r}{c}"))?;
        }
    }
    for word in &words {
        b.secondary(&format!("word-{word}"))?;
    }
    for k in 1..=3 {
        for word in &words {
            // Across k: row k, columns 1 to 3; down k: column k, rows 1 to 3.
            for slot in ["across", "down"] {
                let across_top = slot == "across" && k == 1;
                if across_top && top.as_deref().is_some_and(|top| top != *word) {
                    continue;
                }
                let mut items = vec![format!("{slot}{k}"), format!("word-{word}")];
                for (i, letter) in word.chars().enumerate() {
                    let (r, c) = if slot == "across" {
                        (k, i + 1)
                    } else {
                        (i + 1, k)
                    };
                    items.push(format!("cell{r}{c}:{letter}"));
                }
                b.option(&format!("{slot}{k} {word}"), &items)?;
            }
        }
    }
    let problem = b.build()?;

    let mut shown = 0;
    let mut count = 0u64;
    for solution in problem.solutions() {
        count += 1;
        if shown < 3 {
            shown += 1;
            let mut across: Vec<&str> = solution
                .iter()
                .filter(|name| name.starts_with("across"))
                .copied()
                .collect();
            across.sort_unstable();
            for row in across {
                println!("{}", row.rsplit(' ').next().unwrap_or(""));
            }
            println!();
        }
    }
    println!("{count} double word squares");
    Ok(())
}
